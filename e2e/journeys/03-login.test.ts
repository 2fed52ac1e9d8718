// Journey 3: login — wrong password, an e-mail that belongs to a Google account, and Google
// and Facebook sign-in through the local stack's provider simulator pages.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/browser.ts';
import { person, useBrowser } from '../support/journey.ts';
import { createAccount, openAuthModal, uniqueEmail } from '../support/users.ts';

useBrowser();

async function submitLogin(page: Page, email: string, password: string) {
  await openAuthModal(page);
  const dialog = page.getByRole('dialog', { name: 'Iniciar Sesión' });
  await dialog.getByLabel('Correo electrónico').fill(email);
  await dialog.getByLabel('Contraseña', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
  return dialog;
}

/** Continues with a provider button and signs in on the simulator page as `email`. */
async function providerSignIn(page: Page, provider: 'Google' | 'Facebook', email: string, name: string) {
  await openAuthModal(page);
  await page.getByRole('button', { name: `Continuar con ${provider}` }).click();
  await page.getByRole('heading', { name: `${provider} (simulador local)` }).waitFor();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Nombre').fill(name);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL((url) => url.origin === 'http://127.0.0.1:4173' && url.pathname.startsWith('/chismes'));
  await page.getByRole('tab', { name: 'Recent' }).waitFor();
  await page.getByRole('button', { name: 'Filtrar Chismes' }).waitFor();
}

describe('journey 3: login', () => {
  it('maps a wrong password to its message', async () => {
    const account = await createAccount('login');
    const page = await person('wrong-password');
    const dialog = await submitLogin(page, account.email, 'Incorrecta99');
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    // Auth answers a wrong password with invalid_credentials, which the spec's catalogue maps here.
    expect(await alert.innerText()).toBe('Credenciales inválidas. Verifique su email y contraseña');
    expect(page.url()).toContain('/login');
    await snap(page, '03-login-wrong-password');
  });

  it('signs in with Google through the simulator, then the same e-mail with a password is sent to Google', async () => {
    const email = uniqueEmail('google');
    const google = await person('google');
    await providerSignIn(google, 'Google', email, 'Persona Google');
    await snap(google, '03-login-google');

    const page = await person('google-email-login');
    const dialog = await submitLogin(page, email, 'Cualquiera123');
    await dialog.getByRole('alert').filter({ hasText: 'Este correo está registrado con Google' }).waitFor();
    expect(page.url()).toContain('/login');
    await snap(page, '03-login-google-account');
  });

  it('signs in with Facebook through the simulator', async () => {
    const page = await person('facebook');
    await providerSignIn(page, 'Facebook', uniqueEmail('facebook'), 'Persona Facebook');
    await snap(page, '03-login-facebook');
  });
});
