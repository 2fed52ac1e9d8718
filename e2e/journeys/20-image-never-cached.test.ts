// Journey 20: the service worker (web/vite.config.ts, `serviceWorker`) keeps the app shell and
// chunks for the next visit, and never a cotilleo image or an API answer: an image must not
// outlive its window. A second person, whose page the worker controls, views a cotilleo image;
// afterwards Cache Storage holds the precached shell and nothing from the API origin and no
// image, and the image came from the network. Once the chisme's window has passed (moved 21
// minutes back in the database) a second view is refused: the button is disabled, and the very
// URL the viewer used, asked again through the worker once its token has expired, is refused by
// storage rather than answered from a cache.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { snap } from '../support/browser.ts';
import { card, publishNew, switchToCotilleo } from '../support/chismes.ts';
import { chismeIdOf, sql } from '../support/db.ts';
import { API_URL, WEB_URL } from '../support/env.ts';
import { useBrowser } from '../support/journey.ts';
import { signedInPerson } from '../support/users.ts';

useBrowser();

const image = fileURLToPath(new URL('../fixtures/gradient.png', import.meta.url));

type Cached = { cache: string; url: string; type: string };

/** Every response in the page's Cache Storage, whatever cache holds it. */
function cacheStorage(page: Page): Promise<Cached[]> {
  return page.evaluate(async () => {
    const entries: Cached[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries.push({ cache: name, url: request.url, type: response?.headers.get('content-type') ?? '' });
      }
    }
    return entries;
  });
}

describe('journey 20: a cotilleo image never comes from the service worker', () => {
  it('caches the app for the next visit, never the image or an API answer, and refuses a second view after the window', async () => {
    const { page: author } = await signedInPerson('author', 'retratista');
    await switchToCotilleo(author);
    const content = await publishNew(author, 'Foto que caduca', { image });
    await card(author, content).getByRole('button', { name: 'Ver imagen' }).waitFor();
    const chismeId = await chismeIdOf(content);

    const { page: viewer } = await signedInPerson('viewer', 'fisgona');
    // The worker is registered after the first screen and takes over the page once installed.
    await expect.poll(() => viewer.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 60_000 }).toBe(`${WEB_URL}/sw.js`);
    await switchToCotilleo(viewer);

    const issuedAnswer = viewer.waitForResponse((response) => response.url().endsWith('/functions/v1/chisme-image-url'));
    const imageResponses: { url: string; fromServiceWorker: boolean; status: number }[] = [];
    viewer.on('response', (response) => {
      if (response.url().startsWith(`${API_URL}/storage/`)) {
        imageResponses.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker(), status: response.status() });
      }
    });
    await card(viewer, content).getByRole('button', { name: 'Ver imagen' }).click();
    const issued = (await (await issuedAnswer).json()) as { url: string; expires_in: number };
    const imageDialog = viewer.getByRole('dialog', { name: 'Imagen del chisme' });
    const img = imageDialog.getByRole('img', { name: 'Imagen del chisme' });
    await expect.poll(() => img.evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await img.getAttribute('src')).toBe(issued.url);
    await snap(viewer, '20-image-viewed-under-service-worker');

    // The image came from the network, not from the worker.
    expect(imageResponses.filter((r) => r.url === issued.url)).toEqual([{ url: issued.url, fromServiceWorker: false, status: 200 }]);
    // Cache Storage: the worker's precache is there (the shell and chunks: the check is live)...
    const cached = await cacheStorage(viewer);
    expect(cached.some((entry) => new URL(entry.url).pathname === '/index.html')).toBe(true);
    expect(cached.some((entry) => /^\/assets\/index-[\w-]+\.js$/.test(new URL(entry.url).pathname))).toBe(true);
    // ...and nothing else: no image, nothing of the API (rest, auth, storage, functions, realtime).
    expect(cached.filter((entry) => entry.type.startsWith('image/'))).toEqual([]);
    expect(cached.filter((entry) => new URL(entry.url).origin !== WEB_URL)).toEqual([]);
    expect(cached.filter((entry) => /^\/(rest|auth|storage|functions|realtime)\//.test(new URL(entry.url).pathname))).toEqual([]);
    await imageDialog.waitFor({ state: 'detached', timeout: 20_000 });

    // After the window: the second view is refused in the app...
    await sql("update public.chismes set created_at = created_at - interval '21 minutes' where id = $1", [chismeId]);
    await viewer.reload();
    const unavailable = card(viewer, content).getByRole('button', { name: 'Imagen no disponible' });
    await unavailable.waitFor();
    expect(await unavailable.isDisabled()).toBe(true);
    // ...and the URL already seen, asked for again from the page (through the worker, past the
    // HTTP cache), is refused by storage once its token has expired: no cache answers for it.
    const statusOfSeenUrl = () =>
      viewer.evaluate(
        (url) =>
          fetch(url, { cache: 'no-store' }).then(
            (r) => r.status,
            () => 0,
          ),
        issued.url,
      );
    await expect.poll(statusOfSeenUrl, { timeout: (issued.expires_in + 30) * 1000, interval: 2000 }).toBeGreaterThanOrEqual(400);
    expect(imageResponses.filter((r) => r.fromServiceWorker)).toEqual([]);
    expect((await cacheStorage(viewer)).filter((entry) => entry.type.startsWith('image/') || new URL(entry.url).origin !== WEB_URL)).toEqual([]);
  });
});
