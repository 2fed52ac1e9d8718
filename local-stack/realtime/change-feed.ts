// The change feed behind Realtime's postgres_changes: a logical replication slot with
// PostgreSQL's built-in `test_decoding` plugin, read after commit, parsed into row changes.
// (The real Realtime uses its own WAL reader; only committed transactions arrive either way.)
import type pg from 'pg';

export interface RowChange {
  schema: string;
  table: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  /** column → value as test_decoding prints it (strings), null for SQL null */
  record: Record<string, string | null>;
  oldRecord: Record<string, string | null>;
  commitTimestamp: string;
}

const SLOT = 'local_stack_realtime';

function unquoteIdentifier(name: string): string {
  return name.startsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name;
}

/** `id[bigint]:1 "My Col"[text]:'it''s' …` → { id: '1', 'My Col': "it's" } */
export function parseTuple(text: string): Record<string, string | null> {
  const values: Record<string, string | null> = {};
  const column = /\s*("(?:[^"]|"")*"|[^\s[]+)\[((?:[^[\]]|\[\])+)\]:('(?:[^']|'')*'|\S+)/gy;
  let match: RegExpExecArray | null;
  // biome-ignore lint/suspicious/noAssignInExpressions: the usual loop over a sticky regex's matches.
  while ((match = column.exec(text)) !== null) {
    const raw = match[3]!;
    if (raw === 'unchanged-toast-datum') continue;
    values[unquoteIdentifier(match[1]!)] = raw === 'null' ? null : raw.startsWith("'") ? raw.slice(1, -1).replace(/''/g, "'") : raw;
  }
  return values;
}

/** One `table <schema>.<table>: <OP>: …` line of test_decoding. */
export function parseChangeLine(line: string): Omit<RowChange, 'commitTimestamp'> | undefined {
  const head = /^table ("(?:[^"]|"")*"|[^.]+)\.("(?:[^"]|"")*"|[^:]+): (INSERT|UPDATE|DELETE): ?(.*)$/s.exec(line);
  if (!head) return undefined;
  const type = head[3] as RowChange['type'];
  const rest = head[4] ?? '';
  let record: Record<string, string | null> = {};
  let oldRecord: Record<string, string | null> = {};
  if (type === 'DELETE') {
    oldRecord = rest === '(no-tuple-data)' ? {} : parseTuple(rest);
  } else if (type === 'UPDATE' && rest.startsWith('old-key:')) {
    const split = rest.indexOf(' new-tuple: ');
    oldRecord = parseTuple(rest.slice('old-key:'.length, split));
    record = parseTuple(rest.slice(split + ' new-tuple: '.length));
  } else {
    record = parseTuple(rest);
  }
  return { schema: unquoteIdentifier(head[1]!), table: unquoteIdentifier(head[2]!), type, record, oldRecord };
}

/** `2026-11-22 02:16:49.896461+00` → `2026-11-22T02:16:49.896Z` (the format Realtime sends) */
function commitTimestamp(line: string): string {
  const at = /COMMIT \(at (.+)\)/.exec(line)?.[1];
  const date = at ? new Date(at.replace(' ', 'T').replace(/\+00$/, 'Z')) : new Date();
  return (Number.isNaN(date.getTime()) ? new Date() : date).toISOString();
}

export interface ChangeFeed {
  /** Creates the slot if there is none; changes committed after it resolves are delivered. */
  ensureSlot(): Promise<void>;
  stop(): Promise<void>;
}

/** Idle this long (in 100 ms ticks) with nobody listening, the slot is dropped. */
const IDLE_TICKS_BEFORE_DROP = 20;

/**
 * While someone listens to postgres_changes, reads committed changes every 100 ms and hands
 * each committed transaction's changes on. The slot exists only while someone listens (created
 * at a postgres_changes join, dropped 2 s after the last listener left), as the real Realtime
 * starts its replication only for a tenant with postgres_changes subscribers: a slot nobody
 * reads must still be moved forward, and `pg_replication_slot_advance` decodes all WAL to do
 * it, which cost about 15 % of PostgreSQL's CPU in the like benchmark for an app that
 * uses broadcast only. Decoding a bulk load nobody asked for also once exhausted the heap (the
 * row limit of pg_logical_slot_get_changes only applies between transactions).
 */
export async function startChangeFeed(pool: pg.Pool, listening: () => boolean, onCommit: (changes: RowChange[]) => void): Promise<ChangeFeed> {
  const dropSlot = () => pool.query(`select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1`, [SLOT]);
  await dropSlot(); // a slot left by a daemon that was killed
  let stopped = false;
  let pending: Omit<RowChange, 'commitTimestamp'>[] = [];
  let idleTicks = 0;
  let slotExists = false;
  // Creating and dropping the slot run one at a time, in the order asked.
  let slotWork: Promise<unknown> = Promise.resolve();
  const serially = (work: () => Promise<void>): Promise<void> => {
    const next = slotWork.then(work, work);
    slotWork = next.catch(() => undefined);
    return next;
  };

  function ensureSlot(): Promise<void> {
    idleTicks = 0;
    return serially(async () => {
      if (slotExists) return;
      await pool.query(`select pg_create_logical_replication_slot($1, 'test_decoding')`, [SLOT]).catch((error: { code?: string }) => {
        if (error.code !== '42710') throw error; // 42710: it exists already
      });
      slotExists = true;
      pending = [];
    });
  }

  async function poll(): Promise<void> {
    await ensureSlot();
    const { rows } = await pool.query<{ data: string }>(
      `select data from pg_logical_slot_get_changes($1, null, 10000, 'include-timestamp', '1', 'include-xids', '0')`,
      [SLOT],
    );
    for (const { data } of rows) {
      if (data.startsWith('BEGIN')) pending = [];
      else if (data.startsWith('COMMIT')) {
        const at = commitTimestamp(data);
        if (pending.length) onCommit(pending.map((change) => ({ ...change, commitTimestamp: at })));
        pending = [];
      } else {
        const change = parseChangeLine(data);
        if (change) pending.push(change);
      }
    }
  }

  function dropUnheard(): Promise<void> {
    return serially(async () => {
      // a join may have asked for the slot since this drop was decided
      if (!slotExists || listening() || idleTicks < IDLE_TICKS_BEFORE_DROP) return;
      slotExists = false;
      await dropSlot();
    });
  }

  const loop = async (): Promise<void> => {
    while (!stopped) {
      if (listening()) idleTicks = 0;
      else idleTicks += 1;
      const step = listening() ? poll : slotExists && idleTicks >= IDLE_TICKS_BEFORE_DROP ? dropUnheard : null;
      if (step) {
        await step().catch((error: unknown) => {
          console.error('realtime changes:', (error as Error).message);
          if (step === poll) slotExists = false; // e.g. dropped from outside: the next poll re-creates it
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const running = loop();

  return {
    ensureSlot,
    async stop() {
      stopped = true;
      await running;
      await dropSlot().catch(() => undefined);
    },
  };
}
