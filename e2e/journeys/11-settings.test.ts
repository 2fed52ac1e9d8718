// Journey 11: dark mode persists across a reload; Murmuro shows its alert; About opens;
// logging out closes the menu and returns to /login.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { colorSchemeOf } from '../support/axe.ts';
import { snap } from '../support/browser.ts';
import { useBrowser } from '../support/journey.ts';
import { signedInPerson } from '../support/users.ts';

useBrowser();

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('dialog', { name: 'Menú' });
  await menu.waitFor();
  return menu;
}

// The person's scheme, not the one an accessibility scan applies for a moment.
const colorScheme = (page: Page) => colorSchemeOf(page);

describe('journey 11: menu and settings', () => {
  it('keeps dark mode, alerts for Murmuro, opens About, and logs out', async () => {
    const { page } = await signedInPerson('settings', 'ajustes');
    expect(await colorScheme(page)).toBe('light');

    let menu = await openMenu(page);
    await menu.getByRole('switch', { name: 'Modo oscuro' }).check();
    await expect.poll(() => colorScheme(page)).toBe('dark');
    await page.reload();
    await page.getByRole('button', { name: 'Filtrar Chismes' }).waitFor();
    expect(await colorScheme(page)).toBe('dark');
    menu = await openMenu(page);
    expect(await menu.getByRole('switch', { name: 'Modo oscuro' }).isChecked()).toBe(true);
    await snap(page, '11-settings-dark-mode');

    await menu.getByRole('button', { name: 'Murmuro' }).click();
    await page.getByRole('alert').filter({ hasText: 'Opción aun en trabajo, disfruta de todo lo demás.' }).waitFor();
    await menu.waitFor({ state: 'hidden' });

    menu = await openMenu(page);
    await menu.getByRole('button', { name: 'Sobre Nosotros' }).click();
    const about = page.getByRole('dialog', { name: 'Sobre Nosotros' });
    await about.waitFor();
    await about.getByRole('link', { name: 'contacto@chismes.app' }).waitFor();
    await snap(page, '11-settings-about');
    await about.getByRole('button', { name: 'Cerrar', exact: true }).click();
    await about.waitFor({ state: 'detached' });

    menu = await openMenu(page);
    await menu.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { name: 'Bienvenido a Chismes' }).waitFor();
    await menu.waitFor({ state: 'hidden' });
    expect(await page.getByRole('tab', { name: 'Recent' }).count()).toBe(0);
    await snap(page, '11-settings-logged-out');
  });
});
