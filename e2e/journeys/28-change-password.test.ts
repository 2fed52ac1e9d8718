// Journey 28: "Cambiar contraseña" in the menu asks for the current password (a wrong one is
// refused and changes nothing), applies the sign-up rules and GoTrue's same_password; after the
// change the old password is refused and the new one signs in.
import { describe, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/browser.ts';
import { person, useBrowser } from '../support/journey.ts';
import { expectOnlyNewPassword, signedInPerson } from '../support/users.ts';

useBrowser();

async function openChange(page: Page) {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('dialog', { name: 'Menú' }).getByRole('button', { name: 'Cambiar contraseña' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cambiar contraseña' });
  await dialog.waitFor();
  return dialog;
}

describe('journey 28: password change', () => {
  it('changes the password after the current one is re-entered', async () => {
    const { page, account } = await signedInPerson('cambia', 'cambia');

    const dialog = await openChange(page);
    const fill = async (current: string, next: string) => {
      await dialog.getByLabel('Contraseña actual').fill(current);
      await dialog.getByLabel('Nueva contraseña', { exact: true }).fill(next);
      await dialog.getByLabel('Confirmar nueva contraseña').fill(next);
      await dialog.getByRole('button', { name: 'Guardar contraseña' }).click();
    };
    await fill('NoEsLaMia1', 'CambiadaYa1');
    await dialog.getByRole('alert').filter({ hasText: 'Contraseña incorrecta' }).waitFor();
    await snap(page, '28-wrong-current');
    await fill(account.password, 'sinmayuscula1');
    await dialog.getByRole('alert').filter({ hasText: 'La contraseña debe contener al menos una letra mayúscula' }).waitFor();
    await fill(account.password, account.password);
    await dialog.getByRole('alert').filter({ hasText: 'La nueva contraseña debe ser distinta de la actual' }).waitFor();
    await fill(account.password, 'CambiadaYa1');
    await page.getByText('Tu contraseña se ha cambiado.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Still signed in on this page.
    await page.getByRole('button', { name: 'Filtrar Chismes' }).waitFor();

    // Another browser: the old password is refused, the new one signs in.
    const later = await person('cambia-despues');
    await expectOnlyNewPassword(later, account, 'CambiadaYa1');
    await snap(later, '28-new-password');
  });
});
