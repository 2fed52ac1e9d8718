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

/** The id of the chisme with this (run-unique, see chismes.ts `uniqueContent`) text. */
export async function chismeIdOf(content: string): Promise<string> {
  return (await sqlOne<{ id: string }>('select id from public.chismes where content = $1', [content])).id;
}

/** How many notifications the account with this e-mail has (only the unread ones with `unread`). */
export async function notificationCount(email: string, { unread = false } = {}): Promise<number> {
  const { n } = await sqlOne<{ n: string }>(
    `select count(*) as n from public.notifications n join auth.users u on u.id = n.user_id
      where u.email = $1 and ($2::boolean is false or not n.is_read)`,
    [email, unread],
  );
  return Number(n);
}
