// Direct SQL against the stack's PostgreSQL, only for what a person cannot do through the app:
// fixture data with chosen timestamps, and moving time forward (a chisme's created_at back).
import { database } from '../../tests/shared/sql.ts';
import { DB_URL } from './env.ts';

export const { sql } = database(DB_URL);

/** Adds a word to the offensive-word list (a moderator's service-role operation). */
export async function addOffensiveWord(word: string): Promise<void> {
  await sql('insert into public.offensive_words (word) select $1 where not exists (select 1 from public.offensive_words where word = $1)', [word]);
}

/** The single row a query must return; fails the journey clearly when there is none. */
export async function sqlOne<Row extends Record<string, unknown> = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row> {
  const [row] = await sql<Row>(text, params);
  if (!row) throw new Error(`expected a row from: ${text}`);
  return row;
}
