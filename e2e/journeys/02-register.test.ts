// Journey 2: registration through the auth modal — each validation message of the spec in
// turn; success says to check the inbox (sign-ups wait for their confirmation mail, journey 26
// follows the link), and the same e-mail again gets the very same answer (GoTrue never says
// whether an address has an account) while the first account stays as it was.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/browser.ts';
import { sqlOne } from '../support/db.ts';
import { person, useBrowser } from '../support/journey.ts';
import { openAuthModal, PASSWORD, uniqueEmail } from '../support/users.ts';

useBrowser();

async function openRegister(page: Page) {
  await openAuthModal(page);
  await page.getByRole('button', { name: '¿No tienes cuenta? Regístrate' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrarse' });
  await dialog.waitFor();
  return dialog;
}

describe('journey 2: register', () => {
  it('shows each validation message, registers, and answers the same e-mail again alike', async () => {
    const page = await person('registrant');
    const dialog = await openRegister(page);
    const email = uniqueEmail('registro');
    const fill = async (values: { email: string; password: string; confirm: string }) => {
      await dialog.getByLabel('Nombre de usuario').fill('registro');
      await dialog.getByLabel('Correo electrónico').fill(values.email);
      await dialog.getByLabel('Contraseña', { exact: true }).fill(values.password);
      await dialog.getByLabel('Confirmar contraseña').fill(values.confirm);
      await dialog.getByRole('button', { name: 'Registrarse', exact: true }).click();
    };
    const expectError = async (message: string) => {
      await dialog.getByRole('alert').filter({ hasText: message }).waitFor();
      expect(await dialog.getByRole('alert').innerText()).toBe(message);
    };

    await fill({ email: '', password: PASSWORD, confirm: PASSWORD });
    await expectError('Por favor, ingrese su correo electrónico');
    await fill({ email: 'no-es-un-correo', password: PASSWORD, confirm: PASSWORD });
    await expectError('Por favor, ingrese un correo electrónico válido');
    await fill({ email, password: 'Ab1', confirm: 'Ab1' });
    await expectError('La contraseña debe tener al menos 8 caracteres');
    await fill({ email, password: 'secreta123', confirm: 'secreta123' });
    await expectError('La contraseña debe contener al menos una letra mayúscula');
    await fill({ email, password: 'Secretasin', confirm: 'Secretasin' });
    await expectError('La contraseña debe contener al menos un número');
    await fill({ email, password: PASSWORD, confirm: 'Secreta124' });
    await expectError('Las contraseñas no coinciden');
    await snap(page, '02-register-validation');
    expect(page.url()).toContain('/login');

    await fill({ email, password: PASSWORD, confirm: PASSWORD });
    const pending = page.getByRole('dialog', { name: 'Revisa tu correo' });
    await pending.getByText(`Te hemos enviado un enlace a ${email}`).waitFor();
    await pending.getByRole('button', { name: 'Reenviar correo' }).waitFor();
    expect(page.url()).toContain('/login');
    await snap(page, '02-register-check-inbox');

    // A second browser, signed out, a minute later (GoTrue mails one address at most once a
    // minute, [auth.email] max_frequency; the clock moves on in the database), registers the same
    // e-mail: the same answer, nothing changes.
    await sqlOne(`update auth.users set confirmation_sent_at = confirmation_sent_at - interval '61 seconds' where email = $1 returning id`, [email]);
    const other = await person('registrant-again');
    const again = await openRegister(other);
    await again.getByLabel('Nombre de usuario').fill('otro');
    await again.getByLabel('Correo electrónico').fill(email);
    await again.getByLabel('Contraseña', { exact: true }).fill('OtraClave123');
    await again.getByLabel('Confirmar contraseña').fill('OtraClave123');
    await again.getByRole('button', { name: 'Registrarse', exact: true }).click();
    await other.getByRole('dialog', { name: 'Revisa tu correo' }).getByText(`Te hemos enviado un enlace a ${email}`).waitFor();
    expect(other.url()).toContain('/login');
    const { n } = await sqlOne<{ n: string }>('select count(*) as n from auth.users where email = $1', [email]);
    expect(Number(n)).toBe(1);
    await snap(other, '02-register-duplicate');
  });
});
