// Feeds in SQL: get_feed timed inside the database as `authenticated` with a bench user's
// claims, warm cache (one untimed call first), page 1 and page 50 by keyset cursor.
import type pg from 'pg';
import { actAs, benchUserId, FREE_USER_BASE } from '../lib/db.ts';
import { summarize, type Summary } from '../lib/stats.ts';
import { allVariants, FILTERS, type Cursor, type Variant } from './feed-variants.ts';

const ARGS = `p_tab => $1, p_cotilleo => $2, p_gender => $3, p_country => $4, p_years_from => $5,
  p_years_to => $6, p_tags => $7, p_cursor_created_at => $8, p_cursor_likes => $9, p_cursor_id => $10`;

function params(variant: Variant, cursor: Cursor | undefined): unknown[] {
  const f = FILTERS[variant.filter]!;
  return [
    variant.tab,
    variant.cotilleo,
    f.p_gender ?? null,
    f.p_country ?? null,
    f.p_years_from ?? null,
    f.p_years_to ?? null,
    f.p_tags ?? null,
    cursor?.p_cursor_created_at ?? null,
    cursor?.p_cursor_likes ?? null,
    cursor?.p_cursor_id ?? null,
  ];
}

/** The same, typed as get_feed takes them since the text arguments of docs/decisions/0008-text-arguments-and-rest-write-guard.md (tags as JSON). */
function rpcParams(variant: Variant, cursor: Cursor | undefined): unknown[] {
  const [tab, cotilleo, gender, country, from, to, tags, createdAt, likes, id] = params(variant, cursor);
  const text = (value: unknown) => (value === null ? null : String(value));
  return [tab, text(cotilleo), gender, country, text(from), text(to), tags === null ? null : JSON.stringify(tags), createdAt, text(likes), id];
}

export interface CursorInfo {
  cursor?: Cursor;
  /** rows before page 50 (980 when the feed is that long) */
  rowsBefore: number;
}

/** The cursor of page 50: the 980th row, read 100 at a time as a client would page. */
export async function page50Cursor(client: pg.Client, variant: Variant): Promise<CursorInfo> {
  let cursor: Cursor | undefined;
  let seen = 0;
  while (seen < 980) {
    const take = Math.min(100, 980 - seen);
    const { rows } = await client.query<{ id: string; likes: number; created_at: Date }>(
      `select id, likes, created_at from public.get_feed(${ARGS}, p_limit => $11)`,
      [...rpcParams(variant, cursor), String(take)],
    );
    if (rows.length === 0) break;
    const last = rows[rows.length - 1]!;
    cursor = { p_cursor_created_at: last.created_at.toISOString(), p_cursor_likes: last.likes, p_cursor_id: last.id };
    seen += rows.length;
    if (rows.length < take) break;
  }
  return { cursor, rowsBefore: seen };
}

export interface VariantResult extends Summary {
  key: string;
  rowsBefore?: number;
  /** rows on the timed page (20 when the feed is long enough) */
  rows: number;
}

export interface SqlFeedRun {
  results: Map<string, VariantResult>;
  cursors: Map<string, CursorInfo>;
}

export async function measureSqlFeeds(client: pg.Client, runs: number, variants = allVariants()): Promise<SqlFeedRun> {
  await actAs(client, benchUserId(FREE_USER_BASE + 1));
  const results = new Map<string, VariantResult>();
  const cursors = new Map<string, CursorInfo>();
  for (const variant of variants) {
    let info: CursorInfo | undefined;
    if (variant.page === 50) {
      info = await page50Cursor(client, variant);
      cursors.set(variant.key, info);
    }
    const { rows } = await client.query<{ times: number[] }>(`select bench.time_feed($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) as times`, [
      ...params(variant, info?.cursor),
      runs + 1,
    ]);
    const times = rows[0]!.times.slice(1); // the first call warms the cache and the plan
    const page = await client.query<{ rows: number }>(
      `select count(*)::int as rows from public.get_feed(${ARGS}, p_limit => '20')`,
      rpcParams(variant, info?.cursor),
    );
    results.set(variant.key, { key: variant.key, ...summarize(times), rows: page.rows[0]!.rows, ...(info ? { rowsBefore: info.rowsBefore } : {}) });
  }
  await client.query('reset role');
  return { results, cursors };
}

/** The inner query plan of one get_feed call (auto_explain of the nested statement). */
export async function feedPlan(client: pg.Client, variant: Variant, cursor: Cursor | undefined): Promise<string> {
  const notices: string[] = [];
  const onNotice = (msg: { message?: string }) => notices.push(msg.message ?? '');
  client.on('notice', onNotice);
  try {
    await client.query('reset role');
    await client.query(`load 'auto_explain'`);
    await client.query(`set auto_explain.log_min_duration = 0; set auto_explain.log_analyze = on;
      set auto_explain.log_buffers = on; set auto_explain.log_nested_statements = on; set client_min_messages = log`);
    await actAs(client, benchUserId(FREE_USER_BASE + 1));
    await client.query(`select count(*) from public.get_feed(${ARGS})`, rpcParams(variant, cursor));
  } finally {
    await client.query('reset role');
    await client.query(`set client_min_messages = notice; set auto_explain.log_min_duration = -1`);
    client.off('notice', onNotice);
  }
  const inner = notices.filter((n) => n.includes('from public.chismes c') || n.includes('from private.trending_chismes t'));
  return (inner[0] ?? notices.join('\n')).trim();
}
