// A removal's purge killed between its steps leaves nothing half-stored (docs/decisions/0036-statements-and-complaints.md,
// "Removal"): the purge of one removal is one transaction (supabase/schemas/76-removals.sql), so
// a backend terminated after it took the removal out of private.removed_content, but before
// it gave the author link back and removed the content, leaves the removal whole, and the next
// run of the daily job purges it. The kill is real: another connection holds the chisme's row,
// the purge waits on it mid-way (seen in pg_stat_activity), and pg_terminate_backend ends its
// process.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { env } from './env.ts';
import { createChisme, deleteUsers, type Person, signedInUser, sleep, sql } from './helpers.ts';

const people: Person[] = [];

async function connected(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: env.dbUrl });
  await client.connect();
  return client;
}

afterAll(async () => {
  await deleteUsers(people.map((p) => p.id));
});

describe('a removal purge killed mid-way', () => {
  it('leaves the removal whole, and the next run purges it keeping the others’ words', async () => {
    const [author, other, moderator] = await Promise.all(['removal-author', 'removal-other', 'removal-mod'].map(signedInUser));
    people.push(author!, other!, moderator!);
    const chismeId = await createChisme(author!, 'Un chisme que se retira y se purga');
    const comment = await other!.client.rpc('add_comment', {
      p_chisme_id: chismeId,
      p_parent_id: null,
      p_content: 'Un comentario de otra persona que debe quedarse',
      p_gender: 'Hombre',
      p_years: '40',
      p_country: 'ES',
    });
    expect(comment.error).toBeNull();
    const commentId = (comment.data as { id: string }).id;

    // The moderator removes it (the moderator's JWT claims, as PostgREST sets them).
    const mod = await connected();
    try {
      await mod.query('begin');
      await mod.query(`select set_config('request.jwt.claims', $1, true)`, [
        JSON.stringify({ sub: moderator!.id, role: 'authenticated', app_metadata: { role: 'moderator' } }),
      ]);
      await mod.query(`select public.moderate_delete('chisme', $1, 'spam')`, [chismeId]);
      await mod.query('commit');
    } finally {
      await mod.end();
    }
    const [statement] = await sql<{ id: string }>(
      `select s.id from public.moderation_statements s where s.chisme_id = $1 and s.target_kind = 'chisme' and s.decision = 'deleted'`,
      [chismeId],
    );
    // The complaint window is over.
    await sql("update public.moderation_statements set complaint_until = now() - interval '1 second' where id = $1", [statement!.id]);

    // A connection holds the chisme's row; the purge waits on it after its first step.
    const holder = await connected();
    const purger = await connected();
    await holder.query('begin');
    await holder.query('select 1 from public.chismes where id = $1 for update', [chismeId]);
    const [{ pid }] = (await purger.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [{ pid: number }];
    purger.on('error', () => {}); // the terminated connection reports its end
    const purge = purger.query('select private.delete_expired_removed_content()').then(
      () => 'finished',
      () => 'killed',
    );
    let waiting = false;
    for (let i = 0; i < 200 && !waiting; i++) {
      const [row] = await sql<{ wait: string | null; query: string }>('select wait_event_type as wait, query from pg_stat_activity where pid = $1', [pid]);
      waiting = row?.wait === 'Lock' && row.query.includes('delete_expired_removed_content');
      if (!waiting) await sleep(50);
    }
    expect(waiting, 'the purge never reached the held row: nothing was proven').toBe(true);
    const [{ took }] = (await sql<{ took: boolean }>(
      // what the purge's transaction has done so far is invisible here, but its lock on the
      // archive row (deleted, not yet committed) proves it is past its first step
      `select exists (select 1 from pg_locks l where l.pid = $1 and l.relation = 'private.removed_content'::regclass and l.mode = 'RowExclusiveLock') as took`,
      [pid],
    )) as [{ took: boolean }];
    expect(took).toBe(true);
    await sql('select pg_terminate_backend($1)', [pid]);
    expect(await purge).toBe('killed');
    await holder.query('rollback');
    await holder.end();
    await purger.end().catch(() => {});

    // Nothing half-stored: the removal is whole (archived, hidden, no author link, its text and
    // the other person's comment there).
    const [whole] = await sql<{ archived: boolean; hidden: boolean; authored: boolean; content: string; comments: number }>(
      `select exists (select 1 from private.removed_content r where r.statement_id = $2) as archived,
         c.hidden_at is not null as hidden,
         exists (select 1 from public.chisme_authors a where a.chisme_id = c.id) as authored,
         c.content,
         (select count(*)::int from public.comments m where m.chisme_id = c.id) as comments
       from public.chismes c where c.id = $1`,
      [chismeId, statement!.id],
    );
    expect(whole).toMatchObject({ archived: true, hidden: true, authored: false, comments: 1 });
    expect(whole!.content).toMatch(/^Un chisme que se retira y se purga/);

    // The next run purges it: the chisme is an empty, visible placeholder above the other
    // person's comment.
    await sql('select private.delete_expired_removed_content()');
    const [purged] = await sql<{ archived: boolean; placeholder: boolean; hidden: boolean; content: string; kept: boolean }>(
      `select exists (select 1 from private.removed_content r where r.statement_id = $3) as archived,
         c.deleted_at is not null as placeholder, c.hidden_at is not null as hidden, c.content,
         exists (select 1 from public.comments m where m.id = $2) as kept
       from public.chismes c where c.id = $1`,
      [chismeId, commentId, statement!.id],
    );
    expect(purged).toEqual({ archived: false, placeholder: true, hidden: false, content: '', kept: true });
  });
});
