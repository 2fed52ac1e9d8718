// The same feeds end-to-end: supabase-js → gateway → PostgREST → get_feed, JSON over HTTP.
// p50/p95 at 1 client (every variant), and at 32 concurrent clients (all variants mixed),
// pages per second, and the ratio of HTTP to SQL time per variant.
import { readFileSync } from 'node:fs';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ANON_KEY, API_URL } from '../../local-stack/keys.ts';
import { readState } from '../../local-stack/runtime/state.ts';
import { FREE_USER_BASE } from '../lib/db.ts';
import { clientFor, userToken } from '../lib/clients.ts';
import { percentile, round, runConcurrently, summarize } from '../lib/stats.ts';
import type { SectionContext } from '../sections.ts';
import { allVariants, feedArgs, type Variant } from './feed-variants.ts';

async function fetchPage(client: SupabaseClient, variant: Variant, context: SectionContext): Promise<void> {
  const cursor = variant.page === 50 ? context.sqlFeeds?.cursors.get(variant.key)?.cursor : undefined;
  const { data, error } = await client.rpc('get_feed', feedArgs(variant, cursor));
  if (error) throw new Error(`get_feed ${variant.key}: ${error.message}`);
  if (!Array.isArray(data)) throw new Error(`get_feed ${variant.key}: no rows array`);
}

export async function measureHttpFeeds(context: SectionContext): Promise<void> {
  const { report, quick } = context;
  const variants = allVariants();
  const perVariantRuns = quick ? 3 : 15;
  const single = await clientFor(FREE_USER_BASE + 1);
  for (const variant of variants) await fetchPage(single, variant, context); // warm up

  const perVariant: Record<string, unknown>[] = [];
  const all: number[] = [];
  const ratios: number[] = [];
  for (const variant of variants) {
    const { samples } = await runConcurrently(perVariantRuns, 1, () => fetchPage(single, variant, context));
    all.push(...samples);
    const s = summarize(samples);
    const sql = context.sqlFeeds?.results.get(variant.key);
    const ratio = sql ? s.p50 / Math.max(sql.p50, 0.001) : Number.NaN;
    if (Number.isFinite(ratio)) ratios.push(ratio);
    perVariant.push({ key: variant.key, p50: round(s.p50, 3), p95: round(s.p95, 3), sqlP50: sql ? round(sql.p50, 3) : null, ratio: round(ratio) });
  }
  const one = summarize(all);
  report.add('HTTP feeds', '1 client, all variants, p50', one.p50, 'ms');
  report.add('HTTP feeds', '1 client, all variants, p95', one.p95, 'ms', { op: '<=', limit: 20 });
  const over = perVariant.filter((v) => (v.p95 as number) > 20).map((v) => v.key as string);
  report.add('HTTP feeds', '1 client, variants with p95 over 20 ms', over.length, `of ${variants.length}`, undefined, over.join(', '));
  report.add('HTTP feeds', 'HTTP/SQL p50 ratio, median over variants', percentile(ratios, 50), 'x');

  const clients = await Promise.all(Array.from({ length: 32 }, (_, i) => clientFor(FREE_USER_BASE + 1 + i)));
  const total = quick ? 320 : 6400;
  const { samples, wallMs } = await runConcurrently(total, 32, (index, worker) => fetchPage(clients[worker]!, variants[index % variants.length]!, context));
  const many = summarize(samples);
  report.add('HTTP feeds', '32 clients, p50', many.p50, 'ms');
  report.add('HTTP feeds', '32 clients, p95', many.p95, 'ms');
  report.add('HTTP feeds', '32 clients, throughput', total / (wallMs / 1000), 'pages/s', { op: '>=', limit: 500 });

  // Page 1 of the recent tab only: the page most requests are.
  const recent = variants.find((v) => v.key === 'recent/casual/none/p1')!;
  const hot = await runConcurrently(total, 32, (_, worker) => fetchPage(clients[worker]!, recent, context));
  report.add('HTTP feeds', '32 clients, recent page 1 only, throughput', total / (hot.wallMs / 1000), 'pages/s');
  await measureHops(context, variants);
  report.detail('httpFeeds', { perVariantRuns, perVariant, concurrent: { clients: 32, calls: total, ...many, wallMs: round(wallMs) } });
}

/** PostgREST's own port, read from its environment (the gateway proxies /rest/v1 to it). */
function postgrestPort(): number | undefined {
  const child = readState()?.children.find((c) => c.name === 'postgrest');
  if (!child) return undefined;
  try {
    const env = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
    const entry = env.find((line) => line.startsWith('PGRST_SERVER_PORT='));
    return entry ? Number(entry.split('=')[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Where the HTTP time goes: the same page 1 of the recent tab at 32 clients with plain fetch,
 * through the gateway and straight to PostgREST (diagnostic figures, no budget).
 */
async function measureHops(context: SectionContext, variants: Variant[]): Promise<void> {
  const { report, quick } = context;
  const port = postgrestPort();
  const token = await userToken(FREE_USER_BASE + 1);
  const recent = variants.find((v) => v.key === 'recent/casual/none/p1')!;
  const body = JSON.stringify(feedArgs(recent));
  const headers = { apikey: ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const total = quick ? 320 : 3200;
  const hop = async (url: string) => {
    const response = await fetch(url, { method: 'POST', headers, body });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    await response.arrayBuffer();
  };
  const viaGateway = await runConcurrently(total, 32, () => hop(`${API_URL}/rest/v1/rpc/get_feed`));
  report.add('HTTP feeds', '32 clients, plain fetch via gateway, recent page 1, throughput', total / (viaGateway.wallMs / 1000), 'pages/s');
  if (port) {
    const direct = await runConcurrently(total, 32, () => hop(`http://127.0.0.1:${port}/rpc/get_feed`));
    report.add('HTTP feeds', '32 clients, plain fetch straight to PostgREST, recent page 1, throughput', total / (direct.wallMs / 1000), 'pages/s');
  }
}
