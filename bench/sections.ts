// The measurement sections that run on the large data set, in order.
import type pg from 'pg';
import type { Report } from './lib/report.ts';
import type { SqlFeedRun } from './measure/sql-feeds.ts';

export interface SectionContext {
  client: pg.Client;
  report: Report;
  quick: boolean;
  config: { small: number; large: number; sqlRuns: number; label: string };
  sqlFeeds?: SqlFeedRun;
}

export const sections: [string, (context: SectionContext) => Promise<void>][] = [];
