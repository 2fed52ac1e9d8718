// Feed fixture rows with chosen likes and ages, inserted the way the seed inserts them (as the
// database owner, with the author's claims so the authorship trigger records them). Each run
// uses fresh tags, so the journey can narrow every feed to exactly its own rows.
import pg from 'pg';
import { DB_URL } from './env.ts';

export type FixtureRow = { label: string; gender: string; years: number; country: string; likes: number; minutesAgo: number; tag: string };

export const fixtureContent = (row: Pick<FixtureRow, 'label' | 'tag'>) => `Fixture ${row.label} ${row.tag}: chisme de prueba del feed`;

export async function insertFeedRows(authorId: string, rows: FixtureRow[]): Promise<void> {
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  try {
    await client.query('begin');
    await client.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: authorId, role: 'authenticated' })]);
    for (const row of rows) {
      await client.query(
        `insert into public.chismes (gender, years, country, tags, content, cotilleo, likes, created_at, updated_at)
         values ($1, $2, $3, $4, $5, false, $6, now() - make_interval(mins => $7), now() - make_interval(mins => $7))`,
        [row.gender, row.years, row.country, [row.tag], fixtureContent(row), row.likes, row.minutesAgo],
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    await client.end();
  }
}
