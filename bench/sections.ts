// The measurement sections that run on the large data set, in order.
import type pg from 'pg';
import type { Report } from './lib/report.ts';
import { measureHotRow } from './measure/hot-row.ts';
import { measureHttpFeeds } from './measure/http-feeds.ts';
import { measureRealtime } from './measure/realtime.ts';
import { measureScale } from './measure/scale.ts';
import type { SqlFeedRun } from './measure/sql-feeds.ts';
import { measureWeb } from './measure/web.ts';
import { measureWrites } from './measure/writes.ts';

export interface SectionContext {
  client: pg.Client;
  report: Report;
  quick: boolean;
  config: { small: number; large: number; sqlRuns: number; label: string };
  sqlFeeds?: SqlFeedRun;
}

export const sections: [string, (context: SectionContext) => Promise<void>][] = [
  ['HTTP feeds', measureHttpFeeds],
  ['Writes', measureWrites],
  ['Hot row', measureHotRow],
  ['Realtime', measureRealtime],
  // alone: `npm run bench -- --only=scale` (bench/scale-only.ts)
  ['Scale', (context) => measureScale(context, context.quick ? { subscribers: 100, stormS: 20 } : {})],
  ['Web', measureWeb],
];
