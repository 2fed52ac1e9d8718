// SQL as `postgres` for the Node test suites (tests/integration, local-stack/tests, e2e), on the
// database whose URL each suite gives: fixtures no API offers and read-backs of what was stored.
// It knows no stack and imports nothing of the repository, so the integration suite, which may
// know a stack only by its public URL and keys (tests/integration/architecture.test.ts), can
// share it with the others.
import pg from 'pg';

export function database(url: string) {
  /** One query on a connection of its own, closed after it: test code runs few, and never in a transaction. */
  async function sql<Row extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<Row>(text, params)).rows;
    } finally {
      await client.end();
    }
  }

  /** Deletes the accounts (their chismes, comments and notifications go with them). */
  async function deleteUsers(ids: string[]): Promise<void> {
    if (ids.length) await sql('delete from auth.users where id = any($1::uuid[])', [ids]);
  }

  return { sql, deleteUsers };
}
