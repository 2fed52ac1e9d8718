// `npm run lighthouse`: Lighthouse (npm) in Debian's Chromium, mobile settings (its defaults:
// Moto G Power emulation, simulated slow 4G and 4x CPU), on the production build served
// locally against the local stack: `/login` signed out and `/chismes/` signed in.
// Prints the four category scores, LCP/FCP/TBT/CLS, the failing audits and the load average,
// and writes bench/lighthouse-results.json. Never part of `npm test` (issue 15's budget:
// accessibility, best practices and SEO 100; the feed's LCP ≤ 2.5 s on a quiet machine).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { serveStatic } from '../e2e/support/static-server.ts';
import { ANON_KEY, API_URL } from '../local-stack/keys.ts';
import { ensureStack } from '../local-stack/index.ts';
import { repoRoot } from '../local-stack/paths.ts';
import { freePort } from '../local-stack/postgres/cluster.ts';

// `--dist DIR` audits another build (e.g. an older commit's web/dist) with no build step.
const distArg = process.argv.indexOf('--dist');
const distDir = distArg > 0 ? process.argv[distArg + 1]! : join(repoRoot, 'web', 'dist');
const storageKey = `sb-${new URL(API_URL).hostname.split('.')[0]}-auth-token`;
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const metrics = {
  'largest-contentful-paint': 'LCP',
  'first-contentful-paint': 'FCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
} as const;

function build(): void {
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', '--silent', 'build', '-w', 'web'], { cwd: repoRoot, stdio: 'inherit', env });
  if (result.status !== 0) throw new Error('npm run build -w web failed');
}

/** A new account's session, as supabase-js stores it in localStorage. */
async function session(): Promise<string> {
  const email = `lighthouse-${Date.now()}@bench.invalid`;
  const response = await fetch(`${API_URL}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Bench-password-123', data: { username: 'faro', display_name: 'faro' } }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(body)}`);
  return JSON.stringify(body);
}

type Result = {
  url: string;
  scores: Record<string, number>;
  metrics: Record<string, string>;
  lcpMs: number;
  failing: string[];
};

async function audit(url: string, port: number): Promise<Result> {
  const runner = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...categories],
    // The signed-in run needs the session stored before the page loads.
    disableStorageReset: true,
  });
  if (!runner) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = runner;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(categories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const failing = categories
    .filter((c) => c !== 'performance')
    .flatMap((c) => lhr.categories[c]!.auditRefs.map((ref) => ({ c, audit: lhr.audits[ref.id]!, weight: ref.weight })))
    .filter(({ audit, weight }) => weight > 0 && audit.score !== null && audit.score < 1)
    .map(({ c, audit }) => `${c}: ${audit.id} (${audit.title})`);
  return {
    url,
    scores,
    metrics: Object.fromEntries(Object.entries(metrics).map(([id, label]) => [label, lhr.audits[id]?.displayValue ?? '?'])),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
    failing,
  };
}

async function main(): Promise<void> {
  if (distArg < 0 && !process.argv.includes('--no-build')) build();
  const stack = await ensureStack();
  const webPort = await freePort();
  const server = await serveStatic(distDir, webPort);
  const base = `http://127.0.0.1:${webPort}`;
  const debugPort = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'chismes-lighthouse-'));
  // A persistent profile: its default context is the one Lighthouse's new tabs use, so the
  // session stored below is there for the signed-in run.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', `--remote-debugging-port=${debugPort}`, '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const load = { start: loadavg().map((n) => Number(n.toFixed(2))), end: [] as number[] };
  const results: Result[] = [];
  try {
    results.push(await audit(`${base}/login`, debugPort));
    const page = await browser.newPage();
    await page.goto(`${base}/login`);
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [storageKey, await session()]);
    await page.close();
    results.push(await audit(`${base}/chismes/`, debugPort));
  } finally {
    load.end = loadavg().map((n) => Number(n.toFixed(2)));
    await browser.close();
    server.close();
    rmSync(profile, { recursive: true, force: true });
    await stack.stop();
  }
  for (const r of results) {
    const path = new URL(r.url).pathname;
    console.log(`\n${path}: ${categories.map((c) => `${c} ${r.scores[c]}`).join(', ')}`);
    console.log(`  ${Object.entries(r.metrics).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    for (const f of r.failing) console.log(`  failing ${f}`);
  }
  console.log(`\nload average (1/5/15 min): start ${load.start.join(' ')}, end ${load.end.join(' ')}`);
  const out = { at: new Date().toISOString(), commit: gitCommit(), load, results };
  if (distArg < 0) writeFileSync(join(repoRoot, 'bench', 'lighthouse-results.json'), `${JSON.stringify(out, null, 2)}\n`);
}

function gitCommit(): string {
  return spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).stdout.trim();
}

main().catch((error: unknown) => {
  console.error(`lighthouse: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
