// Journey 27: "¿Olvidaste tu contraseña?" → the e-mail → the recovery mail, with the project's
// Spanish subject (supabase/config.toml [auth.email.template.recovery]), read from the mail
// catcher's API → its link opens "Nueva contraseña" signed in, with the sign-up rules and
// GoTrue's refusal of the same password → the feed and a mail saying the password changed; the
// new password signs in, the old one no longer does. An address without an account gets the
// very same answer, and no mail.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/browser.ts';
import { person, useBrowser } from '../support/journey.ts';
import { linkOf, mailCount, waitForMail } from '../support/mail.ts';
import { createAccount, expectOnlyNewPassword, openAuthModal, uniqueEmail } from '../support/users.ts';

useBrowser();

const RESET = /^Elige una contraseña nueva para Chismes$/;
const SENT = 'Si hay una cuenta con ese correo, te hemos enviado un enlace para elegir una contraseña nueva.';

async function requestLink(page: Page, email: string) {
  await openAuthModal(page);
  await page.getByRole('dialog', { name: 'Iniciar Sesión' }).getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recuperar contraseña' });
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByRole('button', { name: 'Enviar enlace' }).click();
  await dialog.getByRole('status').filter({ hasText: SENT }).waitFor();
}

describe('journey 27: password recovery', () => {
  it('recovers the account by e-mail with a new password', async () => {
    const account = await createAccount('olvida');
    const page = await person('olvida');

    // Nobody: the same answer, and no mail goes out.
    const nobody = uniqueEmail('nadie');
    await requestLink(page, nobody);
    await snap(page, '27-link-requested');

    await requestLink(page, account.email);
    const mail = await waitForMail(account.email, RESET);
    expect(await mailCount(nobody, RESET)).toBe(0);

    await page.goto(linkOf(mail));
    // supabase-js takes the session from the fragment and empties it (the URL keeps a bare "#").
    await page.waitForURL((url) => url.pathname === '/nueva-contrasena' && !url.hash);
    await page.getByRole('heading', { name: 'Nueva contraseña' }).waitFor();
    const save = page.getByRole('button', { name: 'Guardar contraseña' });
    const newPassword = page.getByLabel('Nueva contraseña', { exact: true });
    const confirm = page.getByLabel('Confirmar nueva contraseña');
    await newPassword.fill('nuevaclave1');
    await confirm.fill('nuevaclave1');
    await save.click();
    await page.getByRole('alert').filter({ hasText: 'La contraseña debe contener al menos una letra mayúscula' }).waitFor();
    await newPassword.fill(account.password);
    await confirm.fill(account.password);
    await save.click();
    await page.getByRole('alert').filter({ hasText: 'La nueva contraseña debe ser distinta de la actual' }).waitFor();
    await snap(page, '27-same-password');
    await newPassword.fill('NuevaClave123');
    await confirm.fill('NuevaClave123');
    await save.click();
    await page.waitForURL('**/chismes/');
    await page.getByText('Tu contraseña se ha cambiado.').waitFor();
    await page.getByRole('button', { name: 'Filtrar Chismes' }).waitFor();
    // The change is mailed too ([auth.email.notification.password_changed]), in Spanish.
    const notice = await waitForMail(account.email, /^Tu contraseña de Chismes ha cambiado$/);
    expect(notice.HTML).toContain('¿Olvidaste tu contraseña?');

    // Another browser: the old password is refused, the new one signs in.
    const later = await person('olvida-despues');
    await expectOnlyNewPassword(later, account, 'NuevaClave123');
    await snap(later, '27-signed-in-with-new-password');

    // The link worked once: opened again, it says so and offers another.
    const again = await person('olvida-otra-vez');
    await again.goto(linkOf(mail));
    await again.waitForURL((url) => url.pathname === '/nueva-contrasena');
    await again.getByRole('alert').filter({ hasText: 'El enlace ha caducado o ya se usó' }).waitFor();
    await again.getByRole('button', { name: 'Pedir otro enlace' }).click();
    await again.getByRole('dialog', { name: 'Recuperar contraseña' }).waitFor();
  });
});
