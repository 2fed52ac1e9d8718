// Journey 26: a sign-up waits for its confirmation mail. Signing in before confirming says so
// and offers "Reenviar correo"; the mail, in Spanish (supabase/config.toml
// [auth.email.template.confirmation]), is read from the mail catcher's API (Mailpit's, as
// `supabase start` has). On a phone, the mail catcher's page fits the screen and the mail's
// link, tapped there, opens a new tab that lands on the feed signed in. The first mail's link,
// replaced by the resent one, leads to the welcome screen saying the account may be confirmed
// already, with a way to sign in; after a sign-in and a sign-out that notice is gone.
import { describe, expect, it } from 'vitest';
import { onPhone, snap } from '../support/browser.ts';
import { sqlOne } from '../support/db.ts';
import { person, useBrowser } from '../support/journey.ts';
import { expectNothingClipped } from '../support/layout.ts';
import { linkOf, MAILPIT, mailPageOf, waitForMail } from '../support/mail.ts';
import { openAuthModal, PASSWORD, uniqueEmail } from '../support/users.ts';

useBrowser();

const CONFIRM = /^Confirma tu correo en Chismes$/;

describe('journey 26: sign-up confirmation', () => {
  it('registers, is told to check the inbox, resends, and the link signs in', async () => {
    const page = await person('confirma', onPhone);
    const email = uniqueEmail('confirma');
    await openAuthModal(page);
    await page.getByRole('button', { name: '¿No tienes cuenta? Regístrate' }).click();
    const register = page.getByRole('dialog', { name: 'Registrarse' });
    await register.getByLabel('Nombre de usuario').fill('confirma');
    await register.getByLabel('Correo electrónico').fill(email);
    await register.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await register.getByLabel('Confirmar contraseña').fill(PASSWORD);
    // On the phone, the whole form and its ticked password rules: nothing cut.
    await register.getByTestId('password-rules').locator('[data-met="true"]').nth(2).waitFor();
    await expectNothingClipped(page, 'in the sign-up form on a phone');
    await snap(page, '26-phone-sign-up');
    await register.getByRole('button', { name: 'Registrarse', exact: true }).click();
    const pending = page.getByRole('dialog', { name: 'Revisa tu correo' });
    await pending
      .getByRole('status')
      .filter({ hasText: `Te hemos enviado un enlace a ${email}` })
      .waitFor();
    const first = await waitForMail(email, CONFIRM);
    expect(first.HTML).toContain('>Confirmar mi correo</a>');
    await snap(page, '26-check-inbox');

    // Before confirming, signing in says so and offers the mail again.
    await pending.getByRole('button', { name: 'Volver a iniciar sesión' }).click();
    const login = page.getByRole('dialog', { name: 'Iniciar Sesión' });
    await login.getByLabel('Correo electrónico').fill(email);
    await login.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
    await login.getByRole('alert').filter({ hasText: 'Aún no has confirmado tu correo' }).waitFor();
    // GoTrue's wait between two mails to one address ([auth.email] max_frequency, a minute) has
    // passed: the clock moves on in the database.
    await sqlOne(`update auth.users set confirmation_sent_at = confirmation_sent_at - interval '61 seconds' where email = $1 returning id`, [email]);
    await login.getByRole('button', { name: 'Reenviar correo' }).click();
    await login.getByRole('status').filter({ hasText: 'Te hemos enviado otro correo.' }).waitFor();
    await snap(page, '26-not-confirmed-resent');
    const second = await waitForMail(email, CONFIRM, 2);
    expect(linkOf(second)).not.toBe(linkOf(first));

    // On a phone, the resent mail in the mail catcher's page: it fits the screen, and its link
    // opens a new tab (outside the page's sandboxed frame) that signs in and lands on the feed.
    const inbox = await person('confirma-movil', { ...onPhone, alsoVisits: [MAILPIT] });
    await inbox.goto(mailPageOf(second));
    expect(await inbox.evaluate(() => [window.innerWidth, document.documentElement.scrollWidth])).toEqual([390, 390]);
    const [landing] = await Promise.all([
      inbox.context().waitForEvent('page'),
      inbox.frameLocator('iframe[title="mail"]').getByRole('link', { name: 'Confirmar mi correo' }).tap(),
    ]);
    // supabase-js takes the session from the fragment and empties it (the URL keeps a bare "#").
    await landing.waitForURL((url) => url.pathname === '/chismes/' && !url.hash);
    await landing.getByRole('button', { name: 'Filtrar Chismes' }).waitFor();
    await landing.getByText('Correo confirmado. ¡Bienvenido a Chismes!').waitFor();
    const row = await sqlOne<{ confirmed: boolean; username: string | null }>(
      `select u.email_confirmed_at is not null as confirmed, p.username from auth.users u left join public.profiles p on p.id = u.id where u.email = $1`,
      [email],
    );
    expect(row).toEqual({ confirmed: true, username: 'confirma' });
    await snap(landing, '26-confirmed');

    // The first link was replaced by the second: it no longer signs anyone in. Its account is
    // confirmed, though: the welcome screen says it may be, and offers to sign in.
    const late = await person('confirma-late');
    await late.goto(linkOf(first));
    await late.waitForURL('**/login');
    const spent = late.getByRole('alert').filter({ hasText: 'Si ya confirmaste tu correo, tu cuenta está lista' });
    await spent.waitFor();
    await snap(late, '26-link-spent');
    await spent.getByRole('button', { name: 'Iniciar Sesión' }).click();
    const signIn = late.getByRole('dialog', { name: 'Iniciar Sesión' });
    await signIn.getByLabel('Correo electrónico').fill(email);
    await signIn.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Iniciar Sesión', exact: true }).click();
    await late.waitForURL('**/chismes/');
    await late.getByRole('button', { name: 'Abrir menú' }).click();
    await late.getByRole('dialog', { name: 'Menú' }).getByRole('button', { name: 'Cerrar Sesión' }).click();
    await late.waitForURL('**/login');
    await late.getByTestId('welcome-sign-in').waitFor();
    expect(await late.getByRole('alert').count()).toBe(0);
  });
});
