// Web: gzip size of the JavaScript each route loads before it is usable (recorded from the
// requests headless Chromium makes for the production build) and of the whole build; time to
// first feed paint on a warm stack: the startTime (ms since navigation start) of the app's
// `performance.mark('feed:first-rows')`, set by FeedList once the first rows are in the DOM.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../e2e/support/browser.ts';
import { serveStatic } from '../../e2e/support/static-server.ts';
import { confirmedSession } from '../lib/confirmed-session.ts';
import { ANON_KEY, API_URL } from '../../local-stack/keys.ts';
import { repoRoot } from '../../local-stack/shared/paths.ts';
import { freePort } from '../../local-stack/postgres/cluster.ts';
import { round, summarize } from '../lib/stats.ts';
import type { SectionContext } from '../sections.ts';

const distDir = join(repoRoot, 'web', 'dist');
const gzipKb = (path: string) => gzipSync(readFileSync(path)).length / 1024;

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? jsFiles(path) : name.endsWith('.js') ? [path] : [];
  });
}

/** A signed-up user's session, stored where supabase-js in the browser looks for it. */
async function signedInSession(): Promise<string> {
  const email = `bench-web-${Date.now()}@bench.invalid`;
  return JSON.stringify(await confirmedSession(email, 'Bench-password-123', { username: 'benchweb' }));
}

async function routeJs(browser: Browser, baseURL: string, route: string, session?: string): Promise<{ kb: number; files: string[] }> {
  const context = await browser.newContext({ baseURL, locale: 'es-ES' });
  if (session) await context.addInitScript(([value]) => localStorage.setItem('sb-127-auth-token', value!), [session]);
  const page = await context.newPage();
  const files = new Set<string>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === baseURL && url.pathname.endsWith('.js')) files.add(url.pathname);
  });
  await page.goto(route, { waitUntil: 'networkidle' });
  await context.close();
  const list = [...files];
  return { kb: list.reduce((sum, file) => sum + gzipKb(join(distDir, file)), 0), files: list };
}

async function firstFeedPaint(browser: Browser, baseURL: string, session: string): Promise<number> {
  const context = await browser.newContext({ baseURL, locale: 'es-ES' });
  await context.addInitScript(([value]) => localStorage.setItem('sb-127-auth-token', value!), [session]);
  const page = await context.newPage();
  await page.goto('/chismes/');
  // The app marks 'feed:first-rows' once the first rows of a feed are in the DOM (FeedList).
  await page.waitForFunction(() => performance.getEntriesByName('feed:first-rows').length > 0, undefined, { timeout: 15_000 });
  const ms = await page.evaluate(() => performance.getEntriesByName('feed:first-rows')[0]!.startTime);
  await context.close();
  return ms;
}

export async function measureWeb(context: SectionContext): Promise<void> {
  const { report, quick } = context;
  if (!quick || !existsSync(join(distDir, 'index.html'))) {
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, VITE_SUPABASE_URL: API_URL, VITE_SUPABASE_ANON_KEY: ANON_KEY },
    });
    if (build.status !== 0) throw new Error(`npm run build -w web failed: ${(build.stderr || build.stdout).trim().split('\n').slice(-5).join(' | ')}`);
  }
  const total = jsFiles(distDir).reduce((sum, file) => sum + gzipKb(file), 0);
  report.add('Web', 'all JS of the build, gzip', total, 'KB');

  const port = await freePort();
  const server = await serveStatic(distDir, port);
  const baseURL = `http://127.0.0.1:${port}`;
  const browser = await launchBrowser();
  try {
    const session = await signedInSession();
    const routes: [string, string | undefined][] = [
      ['/login', undefined],
      ['/chismes/', session],
      ['/chismes/top/', session],
      ['/notifications/', session],
      ['/profile/', session],
    ];
    const perRoute: Record<string, unknown> = {};
    for (const [route, withSession] of routes) {
      const { kb, files } = await routeJs(browser, baseURL, route, withSession);
      perRoute[route] = { kb: round(kb), files };
      report.add('Web', `initial JS of ${route}, gzip`, kb, 'KB', route === '/login' ? { op: '<=', limit: 200 } : undefined);
    }
    await firstFeedPaint(browser, baseURL, session); // warms the stack, the server and the browser cache
    const times: number[] = [];
    for (let k = 0; k < (quick ? 3 : 15); k++) times.push(await firstFeedPaint(browser, baseURL, session));
    const s = summarize(times);
    report.add('Web', 'first feed rows painted after navigation, p50', s.p50, 'ms');
    report.add('Web', 'first feed rows painted after navigation, p95', s.p95, 'ms', { op: '<=', limit: 1500 }, "performance.mark('feed:first-rows')");
    report.detail('web', { perRoute, firstFeedPaintMs: times.map((t) => round(t)) });
  } finally {
    await browser.close();
    server.close();
  }
}
