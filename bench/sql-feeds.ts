// `npx tsx bench/sql-feeds.ts [--load N] [--only a,b] [--runs 40] [--cleanup]`: the bench's SQL
// feed section alone, against the running local stack, for iterating on feed access paths
// without the full `npm run bench` (minutes). The bench data stays loaded between runs:
// `--load N` (re)loads N chismes first (1M takes a few minutes), `--cleanup` removes it.
// `--only` keeps the variants whose key contains one of the comma-separated parts
// (e.g. `--only trending/casual/all,tags/p50`). Prints p50/p95 per variant and the count over
// the 5 ms budget.
import { ensureStack } from '../local-stack/index.ts';
import { cleanup, connect, countRows, installScratchSchema, loadChismes } from './lib/db.ts';
import { allVariants } from './measure/feed-variants.ts';
import { measureSqlFeeds } from './measure/sql-feeds.ts';

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

async function main(): Promise<void> {
  await ensureStack();
  const client = await connect();
  try {
    const load = option('--load');
    if (load) {
      await cleanup(client);
      await installScratchSchema(client);
      const target = Number(load);
      for (let from = 1; from <= target; from += 250_000) {
        await loadChismes(client, from, Math.min(target, from + 249_999));
        console.log(`loaded ${Math.min(target, from + 249_999)} chismes`);
      }
    }
    console.log('bench rows:', await countRows(client));
    const only = option('--only')?.split(',');
    const variants = allVariants().filter((v) => !only || only.some((part) => v.key.includes(part)));
    const runs = Number(option('--runs') ?? 40);
    const { results } = await measureSqlFeeds(client, runs, variants);
    let over = 0;
    for (const result of results.values()) {
      if (result.p95 > 5) over += 1;
      const rows = result.rowsBefore === undefined ? '' : `  rowsBefore ${result.rowsBefore}`;
      console.log(`${result.key.padEnd(32)} p50 ${result.p50.toFixed(2).padStart(7)} ms  p95 ${result.p95.toFixed(2).padStart(7)} ms${rows}`);
    }
    console.log(`${over} of ${results.size} variants over p95 5 ms`);
    if (process.argv.includes('--cleanup')) await cleanup(client);
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
