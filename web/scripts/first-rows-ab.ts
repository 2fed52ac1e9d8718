// Interleaved A/B of web builds on the bench's "first feed rows painted" figure: the method of
// bench/measure/web.ts (a fresh browser context per load, a signed-up user's session in
// localStorage, the time of performance.mark('feed:first-rows')), but alternating the builds
// load by load, so both see the same load of a shared machine. Also says whether the skeleton
// was shown before the rows and how many get_feed requests the load made.
// Usage (local stack running): npx tsx web/scripts/first-rows-ab.ts DIST_A DIST_B [LOADS=8]
import { loadavg } from 'node:os';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { confirmedSession } from '../../bench/lib/confirmed-session.ts';
import { serveStatic } from '../../e2e/support/static-server.ts';
import { API_URL } from '../../local-stack/keys.ts';
import { freePort } from '../../local-stack/postgres/cluster.ts';

const args = process.argv.slice(2);
const dists = args.filter((arg) => !/^\d+$/.test(arg));
const loads = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 8);
const storageKey = `sb-${new URL(API_URL).hostname.split('.')[0]}-auth-token`;

async function session(): Promise<string> {
  return JSON.stringify(await confirmedSession(`ab-${Date.now()}@bench.invalid`, 'Bench-password-123', { username: 'ab' }));
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};

const stored = await session();
const servers = await Promise.all(dists.map(async (dist) => ({ dist, port: await freePort() })));
const running = await Promise.all(servers.map(({ dist, port }) => serveStatic(dist, port)));
const browser = await launchBrowser();
const marks = new Map<string, number[]>(dists.map((dist) => [dist, []]));
const loadAtStart = loadavg()[0]!.toFixed(2);
try {
  for (let k = 0; k <= loads; k++) {
    for (const { dist, port } of k % 2 ? servers : [...servers].reverse()) {
      const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}`, locale: 'es-ES' });
      await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [storageKey, stored]);
      await context.addInitScript(() => {
        new MutationObserver(() => {
          if (document.querySelector('[data-testid=chisme-skeleton]')) document.documentElement.dataset.skeletonSeen = 'yes';
        }).observe(document, { subtree: true, childList: true });
      });
      const page = await context.newPage();
      await page.goto('/chismes/');
      await page.waitForFunction(() => performance.getEntriesByName('feed:first-rows').length > 0, undefined, { timeout: 20_000 });
      const seen = await page.evaluate(() => ({
        mark: performance.getEntriesByName('feed:first-rows')[0]!.startTime,
        skeleton: document.documentElement.dataset.skeletonSeen === 'yes',
        feedRequests: performance.getEntriesByType('resource').filter((entry) => entry.name.includes('get_feed')).length,
      }));
      // The first round warms the stack and the server, as the bench's first load does.
      if (k === 0) console.log(`${dist}: skeleton shown ${seen.skeleton}, get_feed requests ${seen.feedRequests}`);
      else marks.get(dist)!.push(seen.mark);
      await context.close();
    }
  }
} finally {
  await browser.close();
  running.forEach((server) => server.close());
}
for (const [dist, values] of marks)
  console.log(`${dist}: first rows p50 ${quantile(values, 0.5).toFixed(0)} ms, p95 ${quantile(values, 0.95).toFixed(0)} ms (${values.length} loads)`);
console.log(`load average (1 min): ${loadAtStart} → ${loadavg()[0]!.toFixed(2)}`);
