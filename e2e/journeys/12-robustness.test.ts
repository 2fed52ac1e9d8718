// Journey 12: the stack's API goes away mid-session (the whole local stack is stopped — its
// gateway lives in the stack daemon, so stopping the daemon is the real way to take the API
// down; the data stays on disk): the feed shows the red error line and nothing crashes. With
// the stack started again, the feed loads on retry (choosing the tab again).
import { describe, expect, it } from 'vitest';
import { startStack, stopStack } from '../../local-stack/index.ts';
import { snap } from '../support/browser.ts';
import { useBrowser } from '../support/journey.ts';
import { signedInPerson } from '../support/users.ts';

useBrowser();

const errorLine = 'No se pudieron cargar los chismes';

describe('journey 12: robustness', () => {
  it('shows the red error line while the API is down and recovers once it is back', async () => {
    const { page } = await signedInPerson('robust', 'robusta');
    const list = page.getByRole('list', { name: 'Lista de chismes' });
    await list.waitFor();

    expect(await stopStack()).toBe(true);
    try {
      await page.getByRole('tab', { name: 'Olds' }).click();
      await page.waitForURL('**/chismes/old/');
      const alert = page.getByRole('alert').filter({ hasText: errorLine });
      await alert.waitFor();
      expect(await alert.evaluate((node) => getComputedStyle(node).color)).toMatch(/^rgb\((2[0-9]{2}|1[5-9][0-9]), /);
      // Still the app: header, tabs and menu work.
      await page.getByRole('tab', { name: 'Recent' }).waitFor();
      await page.getByRole('button', { name: 'Abrir menú' }).waitFor();
      await snap(page, '12-robustness-api-down');
    } finally {
      await startStack();
    }

    await page.getByRole('tab', { name: 'Tops' }).click();
    await page.waitForURL('**/chismes/top/');
    await list.getByRole('article').first().waitFor({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Olds' }).click();
    await page.waitForURL('**/chismes/old/');
    await list.getByRole('article').first().waitFor({ timeout: 30_000 });
    expect(await page.getByRole('alert').filter({ hasText: errorLine }).count()).toBe(0);
    await snap(page, '12-robustness-recovered');
  });
});
