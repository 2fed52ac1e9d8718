// Journey 18 (docs/decisions/0019-resilience-and-installability.md): Chromium reports the app installable (valid manifest, icons), and a
// tab left open across a deploy — the next screen's chunk no longer exists — reloads; a screen
// whose chunk is still missing shows the Spanish error page, not React Router's English one.
// The tab runs under the service worker, as anyone's does after a first visit: the deploy
// brings a new worker whose precache no longer lists the chunk, and it takes over the open tab
// (skipWaiting, clientsClaim: web/vite.config.ts), so the old chunk is gone from the cache too.
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { launchProfile, snap } from '../support/browser.ts';
import { WEB_URL } from '../support/env.ts';
import { useBrowser } from '../support/journey.ts';
import { signedInPerson } from '../support/users.ts';

useBrowser();

const dist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** The built file of a source module, from Vite's manifest. */
function builtFile(source: string): string {
  const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
  const entry = manifest[source];
  if (!entry) throw new Error(`${source} is not in web/dist/.vite/manifest.json`);
  return `${dist}${entry.file}`;
}

describe('journey 18: installable, and resilient to a deploy', () => {
  it('is installable: Chromium finds no installability error and a valid manifest', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'chismes-install-'));
    const context = await launchProfile(profile, WEB_URL);
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Bienvenido a Chismes' }).waitFor();
      const cdp = await context.newCDPSession(page);
      const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
      expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
      expect(manifest.errors).toEqual([]);
      // Chromium fetches and decodes the icons before it answers, so this also proves they load.
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('reloads when the next screen’s chunk is gone, and shows the Spanish error page if it stays gone', async () => {
    const { page } = await signedInPerson('stale-tab', 'stale');
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 60_000 }).toBe(`${WEB_URL}/sw.js`);
    // The worker precached the profile screen's chunk: without a deploy it would come from there.
    const chunk = builtFile('src/app/routes/profile.tsx');
    const chunkPath = `/${chunk.slice(dist.length)}`;
    expect(await page.evaluate((path) => caches.match(path).then((r) => r?.status ?? null), chunkPath)).toBe(200);
    // A deploy replaced the build: the profile screen's chunk this tab knows no longer exists,
    // and the new worker's precache does not list it.
    const workerFile = `${dist}sw.js`;
    const worker = readFileSync(workerFile, 'utf8');
    const listed = `{url:"${chunkPath.slice(1)}",revision:null},`;
    expect(worker).toContain(listed);
    const hidden = `${chunk}.deployed-away`;
    renameSync(chunk, hidden);
    writeFileSync(workerFile, `${worker.replace(listed, '')}\n// deployed ${Date.now()}\n`);
    try {
      // The browser looks for a new worker on navigations and registrations; asked here at once.
      await page.evaluate(
        () =>
          new Promise<void>((resolve, reject) => {
            navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true });
            navigator.serviceWorker
              .getRegistration()
              .then((registration) => registration?.update())
              .catch(reject);
          }),
      );
      await expect.poll(() => page.evaluate((path) => caches.match(path).then((r) => r?.status ?? null), chunkPath)).toBe(null);
      // The worker's install also left the chunk in the HTTP cache (immutable), where an old tab
      // would still find it and simply keep working; the recovery is for when no cache has it
      // (evicted, or never fetched): emptied here.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      let loads = 0;
      page.on('load', () => loads++);
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await page.getByRole('dialog', { name: 'Menú' }).getByTestId('menu-profile').click();
      // The router keeps the old URL until a screen's chunk has loaded: the reload (meant to
      // fetch the new build's files) brings the feed back, still signed in.
      await expect.poll(() => loads, { timeout: 30_000 }).toBe(1);
      await page.getByRole('button', { name: 'Filtrar Chismes' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/chismes/');
      // Opening that screen directly while its chunk is still missing: at most one more reload
      // (one per 10 s), then the Spanish error page, never React Router's English one.
      const before = loads;
      await page.goto('/profile/');
      await page.getByRole('heading', { name: 'Algo salió mal', level: 1 }).waitFor({ timeout: 40_000 });
      expect(loads - before).toBeLessThanOrEqual(2);
      expect(new URL(page.url()).pathname).toBe('/profile/');
      await page.getByText('Puede que haya una versión nueva de Chismes: recarga la página.').waitFor();
      expect(await page.getByText('Unexpected Application Error').count()).toBe(0);
      expect(await page.title()).toBe('Algo salió mal · Chismes');
      await snap(page, '18-stale-chunk-error-page');
    } finally {
      if (existsSync(hidden)) renameSync(hidden, chunk);
      writeFileSync(workerFile, worker);
    }
    // With the file back, "Recargar" brings the screen.
    await page.getByRole('button', { name: 'Recargar' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mis Chismes' }).waitFor();
  });
});
