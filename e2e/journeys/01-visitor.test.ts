// Journey 1: a visitor opening any route lands on /login, with the rules and the sign-in button.
import { describe, expect, it } from 'vitest';
import { snap } from '../support/browser.ts';
import { person, useBrowser } from '../support/journey.ts';

useBrowser();

describe('journey 1: a signed-out visitor', () => {
  it('lands on /login from any route and sees the rules and the sign-in button', async () => {
    const page = await person('visitor');
    for (const route of ['/', '/chismes/', '/chismes/tranding/', '/chismes/top/', '/chismes/old/', '/profile/', '/notifications/', '/no-such-page']) {
      await page.goto(route);
      await page.waitForURL('**/login');
      expect(new URL(page.url()).pathname, `from ${route}`).toBe('/login');
    }
    await page.getByRole('heading', { name: 'Bienvenido a Chismes' }).waitFor();
    await page.getByRole('heading', { name: 'Reglas de la comunidad' }).waitFor();
    for (const rule of ['Sé respetuoso y amable.', 'Mantén el contenido anónimo.', 'No compartas información personal.', 'Diviértete y chismea con respeto.']) {
      await page.getByRole('listitem').filter({ hasText: rule }).waitFor();
    }
    await page.getByText(/^Al iniciar sesión aceptas los/).waitFor();
    expect(await page.getByRole('link', { name: 'términos y la política de privacidad' }).getAttribute('href')).toBe('/terminos');
    const signIn = page.getByRole('button', { name: 'Iniciar Sesión' });
    expect(await signIn.isEnabled()).toBe(true);
    // No feed tabs for a visitor.
    expect(await page.getByRole('tab', { name: 'Recent' }).count()).toBe(0);
    await snap(page, '01-visitor-welcome');
  });
});
