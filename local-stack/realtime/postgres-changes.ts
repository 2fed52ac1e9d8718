// Realtime's postgres_changes (local-stack/CONTRACT.md §3.5, §3.7): bindings are checked against the
// `supabase_realtime` publication at join; each committed change goes to the bindings it
// matches (schema, table, event, filter), after an RLS check as the subscriber (a SELECT of
// the row by primary key with the subscriber's role and claims; DELETEs are not checked).
import type pg from 'pg';
import type { Claims } from '../shared/jwt.ts';
import { inTransaction } from '../shared/transaction.ts';
import { startChangeFeed, type ChangeFeed, type RowChange } from './change-feed.ts';

export interface PostgresBinding {
  event: string;
  schema?: string;
  table?: string;
  filter?: string;
  id: number;
}

export interface Subscriber {
  claims: Claims;
  bindings: PostgresBinding[];
  deliver(ids: number[], data: Record<string, unknown>): void;
}

interface TableInfo {
  columns: { name: string; type: string }[];
  primaryKey: string[];
  rls: boolean;
}

const numericTypes = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);

function typedValue(value: string | null | undefined, type: string | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (type && numericTypes.has(type)) return Number.isFinite(Number(value)) ? Number(value) : value;
  if (type === 'bool') return value === 'true';
  if (type === 'json' || type === 'jsonb') {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

/** `col=op.value` (eq, neq, lt, lte, gt, gte, in) on the row's printed values. */
function passesFilter(filter: string | undefined, row: Record<string, string | null>): boolean {
  if (!filter) return true;
  const match = /^([^=]+)=(eq|neq|lt|lte|gt|gte|in)\.(.*)$/s.exec(filter);
  if (!match) return false;
  const [, column = '', op, expected = ''] = match;
  const actual = row[column];
  if (actual === undefined || actual === null) return false;
  const compare = () =>
    Number.isFinite(Number(actual)) && Number.isFinite(Number(expected)) ? Number(actual) - Number(expected) : actual.localeCompare(expected);
  switch (op) {
    case 'eq':
      return actual === expected;
    case 'neq':
      return actual !== expected;
    case 'lt':
      return compare() < 0;
    case 'lte':
      return compare() <= 0;
    case 'gt':
      return compare() > 0;
    case 'gte':
      return compare() >= 0;
    default:
      return expected
        .replace(/^\(|\)$/g, '')
        .split(',')
        .map((item) => item.trim().replace(/^"|"$/g, ''))
        .includes(actual);
  }
}

function matches(binding: PostgresBinding, change: RowChange): boolean {
  const schema = binding.schema ?? 'public';
  const table = binding.table ?? '*';
  if (schema !== '*' && schema !== change.schema) return false;
  if (table !== '*' && table !== change.table) return false;
  if (binding.event !== '*' && binding.event !== change.type) return false;
  return passesFilter(binding.filter, change.type === 'DELETE' ? change.oldRecord : change.record);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface PostgresChanges {
  /** undefined when every binding names a published table, else the real server's error message */
  /** The real server's system message when the bindings cannot be subscribed with this role, else undefined. */
  validate(bindings: PostgresBinding[], role: string): Promise<string | undefined>;
  stop(): Promise<void>;
}

export async function startPostgresChanges(pool: pg.Pool, subscribers: () => Subscriber[]): Promise<PostgresChanges> {
  async function describe(schema: string, table: string): Promise<TableInfo> {
    const relation = `${quoteIdent(schema)}.${quoteIdent(table)}`;
    const columns = await pool.query<{ name: string; type: string }>(
      `select a.attname as name, t.typname as type from pg_attribute a join pg_type t on t.oid = a.atttypid
        where a.attrelid = $1::regclass and a.attnum > 0 and not a.attisdropped order by a.attnum`,
      [relation],
    );
    const primaryKey = await pool.query<{ name: string }>(
      `select a.attname as name from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = $1::regclass and i.indisprimary`,
      [relation],
    );
    const rls = await pool.query<{ rls: boolean }>('select relrowsecurity as rls from pg_class where oid = $1::regclass', [relation]);
    return { columns: columns.rows, primaryKey: primaryKey.rows.map((row) => row.name), rls: rls.rows[0]?.rls ?? false };
  }

  async function visibleTo(claims: Claims, change: RowChange, info: TableInfo): Promise<boolean> {
    try {
      return await inTransaction(
        pool,
        async (db) => {
          await db.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [String(claims.role), JSON.stringify(claims)]);
          const where = info.primaryKey.map((column, index) => `${quoteIdent(column)}::text = $${index + 1}`).join(' and ');
          const { rowCount } = await db.query(
            `select 1 from ${quoteIdent(change.schema)}.${quoteIdent(change.table)} where ${where}`,
            info.primaryKey.map((column) => change.record[column]),
          );
          return (rowCount ?? 0) > 0;
        },
        'rollback',
      );
    } catch {
      return false; // e.g. no SELECT privilege for the role
    }
  }

  async function deliver(changes: RowChange[]): Promise<void> {
    const tables = new Map<string, TableInfo>();
    for (const change of changes) {
      const targets = subscribers()
        .map((subscriber) => ({ subscriber, ids: subscriber.bindings.filter((binding) => matches(binding, change)).map((binding) => binding.id) }))
        .filter((target) => target.ids.length > 0);
      if (targets.length === 0) continue;
      const key = `${change.schema}.${change.table}`;
      if (!tables.has(key)) tables.set(key, await describe(change.schema, change.table));
      const info = tables.get(key)!;
      const types = new Map(info.columns.map((column) => [column.name, column.type]));
      const typed = (row: Record<string, string | null>, only?: string[]) =>
        Object.fromEntries(
          Object.entries(row)
            .filter(([name]) => !only || only.includes(name))
            .map(([name, value]) => [name, typedValue(value, types.get(name))]),
        );
      const base = { schema: change.schema, table: change.table, type: change.type, commit_timestamp: change.commitTimestamp, columns: info.columns };
      for (const { subscriber, ids } of targets) {
        if (change.type !== 'DELETE' && info.primaryKey.length === 0) {
          subscriber.deliver(ids, { ...base, errors: ['Error 400: Bad Request, no primary key'] });
          continue;
        }
        if (change.type !== 'DELETE' && info.rls && !(await visibleTo(subscriber.claims, change, info))) continue;
        const oldSource = Object.keys(change.oldRecord).length ? change.oldRecord : change.record;
        const data: Record<string, unknown> = { ...base, errors: null };
        if (change.type !== 'DELETE') data.record = typed(change.record);
        if (change.type !== 'INSERT') data.old_record = typed(oldSource, info.rls || !Object.keys(change.oldRecord).length ? info.primaryKey : undefined);
        subscriber.deliver(ids, data);
      }
    }
  }

  /** Postgrex's rendering of the error casting the role to regrole, or undefined if it is a role. */
  async function roleProblem(role: string): Promise<string | undefined> {
    try {
      await pool.query('select $1::text::regrole', [role]);
      return undefined;
    } catch (error) {
      const { code, message } = error as { code?: string; message: string };
      const name = code === '42704' ? 'undefined_object' : code === '42602' ? 'invalid_name' : 'internal_error';
      return `ERROR ${code ?? 'XX000'} (${name}) ${message}`;
    }
  }

  let queue = Promise.resolve();
  const feed: ChangeFeed = await startChangeFeed(
    pool,
    () => subscribers().length > 0,
    (changes) => {
      queue = queue.then(() => deliver(changes)).catch((error: unknown) => console.error('postgres_changes:', error));
    },
  );

  return {
    async validate(bindings, role) {
      const { rows } = await pool.query<{ schemaname: string; tablename: string }>(
        `select schemaname, tablename from pg_publication_tables where pubname = 'supabase_realtime'`,
      );
      const describe = (binding: PostgresBinding) =>
        `schema: ${binding.schema ?? 'public'}, table: ${binding.table ?? '*'}, filters: [${binding.filter ?? ''}]`;
      const missing = bindings.filter((binding) => {
        const schema = binding.schema ?? 'public';
        const table = binding.table ?? '*';
        return !rows.some((row) => (schema === '*' || row.schemaname === schema) && (table === '*' || row.tablename === table));
      });
      if (missing.length > 0) {
        return `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [${missing.map(describe).join('; ')}]`;
      }
      // The real server stores each subscription with `claims_role regrole` computed from the
      // token's role, so a role the database does not know makes the insert raise.
      const problem = await roleProblem(role);
      if (!problem) {
        // before "Subscribed to PostgreSQL": every change committed after it is delivered
        await feed.ensureSlot();
        return undefined;
      }
      return `Unable to subscribe to changes with given parameters. An exception happened so please check your connect parameters: [${describe(bindings[0]!)}]. Exception: ${problem}`;
    },
    async stop() {
      await feed.stop();
      await queue;
    },
  };
}
