// `npm run lighthouse`: Lighthouse (npm) in Debian's Chromium, mobile settings (its defaults:
// Moto G Power emulation, simulated slow 4G and 4x CPU), on the production build served
// locally (e2e/support/static-server.ts, the hosting contract of docs/deploy.md) against the
// local stack.
//
// Cold: every run is a first visit — a fresh browser profile, so an empty HTTP cache, no
// service worker and no Cache Storage — of `/login` signed out, and signed in (the session put
// in localStorage from a blank page of the same origin that loads nothing of the app) of the
// feed `/chismes/`, a shared link `/chismes/:id` and `/profile/`.
// Warm: `/chismes/` right after `/login` in the same profile, as for someone who just signed in
// (the shared chunks cached, the service worker installed).
// Three runs of each; the median of every figure is reported and judged against the budgets
// (web.dev's "good" LCP 2.5 s, TBT 200 ms, performance 90, the other categories 100).
// Prints a table and the load average, and writes bench/lighthouse-results.json.
// Never part of `npm test`. Options: `--dist DIR` audits another build (e.g. main's web/dist,
// for an A/B) with no build step and writes nothing unless `--out FILE`; `--no-build` reuses
// web/dist; `--runs N`; `--pages login,feed,chisme,profile,warm,transparency` audits some of them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { serveStatic } from '../e2e/support/static-server.ts';
import { ANON_KEY, API_URL } from '../local-stack/keys.ts';
import { confirmedSession } from './lib/confirmed-session.ts';
import { ensureStack } from '../local-stack/index.ts';
import { repoRoot } from '../local-stack/shared/paths.ts';
import { freePort } from '../local-stack/postgres/cluster.ts';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
}

const distOption = option('--dist');
const distDir = distOption ?? join(repoRoot, 'web', 'dist');
const outFile = option('--out') ?? (distOption ? undefined : join(repoRoot, 'bench', 'lighthouse-results.json'));
const runs = Number(option('--runs') ?? 3);
/** `--save DIR`: every run's full report (lhr JSON) for a closer look (treemap, bootup-time). */
const saveDir = option('--save');
const storageKey = `sb-${new URL(API_URL).hostname.split('.')[0]}-auth-token`;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const metrics = {
  'largest-contentful-paint': 'LCP',
  'first-contentful-paint': 'FCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;
type Metric = (typeof metrics)[keyof typeof metrics];

/** Budgets on the median of the runs (docs/decisions/0020-fast-first-load.md): LCP and TBT in ms, scores out of 100. */
const budgets = { LCP: 2500, TBT: 200, performance: 90, accessibility: 100, 'best-practices': 100, seo: 100 } as const;

type PageId = 'login' | 'feed' | 'chisme' | 'profile' | 'warm' | 'transparency';
const allPages: PageId[] = ['login', 'feed', 'chisme', 'profile', 'warm', 'transparency'];
const pages = (option('--pages')?.split(',') as PageId[] | undefined) ?? allPages;

function build(): void {
  const env = { ...process.env, NODE_ENV: 'production', VITE_SUPABASE_URL: API_URL, VITE_SUPABASE_ANON_KEY: ANON_KEY };
  const result = spawnSync('npm', ['run', '--silent', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error('npm run build -w web failed');
}

async function authRequest(path: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${API_URL}/auth/v1/${path}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok || typeof json.access_token !== 'string') throw new Error(`auth ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function rpc<T>(name: string, token: string, args: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${API_URL}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A new account per audited page (the app logs a person's country once per browser, and every
 * cold run is a new browser: one account for all runs reached log-country's rate limit, a 429
 * in the console that best practices counts), with one chisme of its own (so /profile/ shows a card, as for anyone who has
 * posted), and the shared link to audit: the seeded chisme of the recent feed with the most
 * comments (a thread to render, as a link someone shared usually has).
 */
async function account(): Promise<{ signIn: () => Promise<string>; chismeId: string; comments: number }> {
  const email = `lighthouse-${Date.now()}@bench.invalid`;
  const password = 'Bench-password-123';
  const first = await confirmedSession(email, password, { username: 'faro', display_name: 'faro' });
  const token = first.access_token as string;
  await rpc('create_chisme', token, {
    p_content: 'Dicen que en la oficina alguien deja notas misteriosas en la nevera cada lunes',
    p_cotilleo: 'false',
    p_country: 'España',
    p_gender: 'Mujer',
    p_tags: [],
    p_years: '30',
  });
  const feed = await rpc<{ id: string; comments: number }[]>('get_feed', token, { p_tab: 'recent', p_cotilleo: 'false', p_limit: '50' });
  const withComments = [...feed].sort((a, b) => b.comments - a.comments)[0];
  if (!withComments) throw new Error('get_feed answered no chisme to link to');
  // A fresh session per signed-in run: tokens last an hour and a loaded run can take longer.
  const signIn = async () => JSON.stringify(await authRequest('token?grant_type=password', { email, password }));
  return { signIn, chismeId: withComments.id, comments: withComments.comments };
}

type Run = { scores: Record<string, number>; values: Record<Metric, number>; failing: string[] };

async function audit(url: string, port: number, saveAs?: string): Promise<Run> {
  const runner = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    // The signed-in runs need the stored session; a cold run's profile is new anyway.
    disableStorageReset: true,
  });
  if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = runner;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  if (saveDir && saveAs) writeFileSync(join(saveDir, `${saveAs}.json`), JSON.stringify(lhr));
  const scores = Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const failing = categories
    .flatMap((c) => lhr.categories[c]!.auditRefs.map((ref) => ({ c, audit: lhr.audits[ref.id]!, weight: ref.weight })))
    .filter(
      ({ c, audit, weight }) =>
        (c !== 'performance' ? weight > 0 : ref(audit.details)) && audit.score !== null && audit.score < (c === 'performance' ? 0.9 : 1),
    )
    .map(({ c, audit }) => `${c}: ${audit.id} (${audit.displayValue ?? audit.title})`);
  const values = Object.fromEntries(Object.entries(metrics).map(([id, label]) => [label, lhr.audits[id]?.numericValue ?? Number.NaN])) as Record<
    Metric,
    number
  >;
  return { scores, values, failing };
}

/** Performance audits worth listing: the diagnostics with details (not the metrics themselves). */
function ref(details: unknown): boolean {
  return details !== undefined && details !== null;
}

type Browser = { context: BrowserContext; port: number; close: () => Promise<void> };

async function launch(): Promise<Browser> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'chismes-lighthouse-'));
  // A persistent profile: its default context is the one Lighthouse's new tabs use, so the
  // session stored below is there for the signed-in runs.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      `--remote-debugging-port=${port}`,
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  return {
    context,
    port,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Puts the session in the origin's localStorage from a blank page: nothing of the app is fetched or cached. */
async function storeSession(context: BrowserContext, base: string, session: string): Promise<void> {
  const page = await context.newPage();
  const blank = `${base}/__lighthouse-blank`;
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }));
  await page.goto(blank);
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [storageKey, session]);
  await page.close();
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

type PageResult = {
  page: PageId;
  path: string;
  cache: 'cold' | 'warm';
  median: { scores: Record<string, number>; values: Record<Metric, number> };
  runs: Run[];
  failing: string[];
  verdict: 'pass' | 'fail';
  overBudget: string[];
  /** The shared link's comment count (its thread is part of what the page renders). */
  linkComments?: number;
};

function summarise(page: PageId, path: string, all: Run[]): PageResult {
  const scores = Object.fromEntries(categories.map((c) => [c, median(all.map((r) => r.scores[c]!))]));
  const values = Object.fromEntries(Object.values(metrics).map((m) => [m, Math.round(median(all.map((r) => r.values[m])) * 1000) / 1000])) as Record<
    Metric,
    number
  >;
  const overBudget = [
    ...(values.LCP > budgets.LCP ? [`LCP ${Math.round(values.LCP)} ms > ${budgets.LCP}`] : []),
    ...(values.TBT > budgets.TBT ? [`TBT ${Math.round(values.TBT)} ms > ${budgets.TBT}`] : []),
    ...categories.filter((c) => scores[c]! < budgets[c]).map((c) => `${c} ${scores[c]} < ${budgets[c]}`),
  ];
  const failing = [...new Set(all.flatMap((r) => r.failing))];
  return {
    page,
    path,
    cache: page === 'warm' ? 'warm' : 'cold',
    median: { scores, values },
    runs: all,
    failing,
    verdict: overBudget.length ? 'fail' : 'pass',
    overBudget,
  };
}

const round = (n: number, unit: 'ms' | 's'): string => (unit === 's' ? `${(n / 1000).toFixed(2)} s` : `${Math.round(n)} ms`);

async function main(): Promise<void> {
  if (!distOption && !process.argv.includes('--no-build')) build();
  const stack = await ensureStack();
  const webPort = await freePort();
  const server = await serveStatic(distDir, webPort);
  const base = `http://127.0.0.1:${webPort}`;
  const load = { start: loadavg().map((n) => Number(n.toFixed(2))), end: [] as number[], max1min: 0 };
  const sampleLoad = setInterval(() => (load.max1min = Math.max(load.max1min, Number(loadavg()[0]!.toFixed(2)))), 1000);
  const results: PageResult[] = [];
  try {
    for (const page of pages) {
      const user = await account();
      const paths: Record<PageId, string> = {
        login: '/login',
        feed: '/chismes/',
        chisme: `/chismes/${user.chismeId}`,
        profile: '/profile/',
        warm: '/chismes/',
        // the public transparency report, signed out (docs/decisions/0037-transparency-report.md)
        transparency: '/transparencia',
      };
      if (page === 'chisme') console.log(`shared link: ${paths.chisme}, ${user.comments} comments`);
      const all: Run[] = [];
      for (let i = 0; i < runs; i++) {
        const browser = await launch();
        try {
          if (page === 'warm') {
            await audit(`${base}/login`, browser.port);
            await storeSession(browser.context, base, await user.signIn());
          } else if (page !== 'login' && page !== 'transparency') {
            await storeSession(browser.context, base, await user.signIn());
          }
          const run = await audit(`${base}${paths[page]}`, browser.port, `${page}-${i + 1}`);
          console.log(
            `${page} run ${i + 1}: perf ${run.scores.performance}, LCP ${round(run.values.LCP, 's')}, TBT ${round(run.values.TBT, 'ms')}, load ${loadavg()[0]!.toFixed(2)}`,
          );
          all.push(run);
        } finally {
          await browser.close();
        }
      }
      results.push({ ...summarise(page, paths[page], all), ...(page === 'chisme' ? { linkComments: user.comments } : {}) });
    }
  } finally {
    clearInterval(sampleLoad);
    load.end = loadavg().map((n) => Number(n.toFixed(2)));
    server.close();
    await stack.stop();
  }
  console.log(`\n| page | cache | perf | a11y | BP | SEO | LCP | FCP | TBT | CLS | SI | verdict |\n|---|---|---|---|---|---|---|---|---|---|---|---|`);
  for (const r of results) {
    const { scores, values } = r.median;
    console.log(
      `| ${r.page === 'chisme' ? '/chismes/:id' : r.path} | ${r.cache} | ${categories.map((c) => scores[c]).join(' | ')} | ${round(values.LCP, 's')} | ${round(values.FCP, 's')} | ${round(values.TBT, 'ms')} | ${values.CLS.toFixed(3)} | ${round(values.SI, 's')} | ${r.verdict}${r.overBudget.length ? ` (${r.overBudget.join('; ')})` : ''} |`,
    );
  }
  for (const r of results) for (const f of r.failing) console.log(`  ${r.page}: ${f}`);
  console.log(`\nload average (1/5/15 min): start ${load.start.join(' ')}, end ${load.end.join(' ')}, highest 1-min during the runs ${load.max1min}`);
  const out = { at: new Date().toISOString(), commit: gitCommit(), dist: distOption ?? 'web/dist', runs, budgets, load, results };
  if (outFile) writeFileSync(outFile, `${JSON.stringify(out, null, 2)}\n`);
  if (results.some((r) => r.verdict === 'fail')) process.exitCode = 1;
}

function gitCommit(): string {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'web', 'e2e/support/static-server.ts'], { cwd: repoRoot, encoding: 'utf8' }).stdout.trim();
  return dirty ? `${head}+dirty` : head;
}

main().catch((error: unknown) => {
  console.error(`lighthouse: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
