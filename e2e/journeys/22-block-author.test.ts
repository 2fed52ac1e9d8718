// Journey 22: a person blocks a harasser from one of their comments ("No ver más a esta
// persona"). Their other comment goes, the one with a reply stays as "Comentario oculto" above
// the reply, their chismes leave the feed and their deep link answers not-found, their next
// comment notifies nobody while a neighbour's does; the harasser sees nothing change. Settings
// count "1 persona bloqueada" and "Desbloquear a todas" brings everything back.
import { describe, expect, it } from 'vitest';
import { publishChisme, uniqueContent } from '../support/chismes.ts';
import { sqlOne } from '../support/db.ts';
import { person, useBrowser } from '../support/journey.ts';
import { createAccount, rpcAs, signIn } from '../support/users.ts';

useBrowser();

const notFound = 'Este chisme no existe o ya no está disponible';
const comment = (chismeId: string, text: string, parentId: string | null = null) => ({
  p_chisme_id: chismeId,
  p_parent_id: parentId,
  p_content: text,
  p_gender: 'Hombre',
  p_years: 33,
  p_country: 'España',
});

describe('journey 22: block an anonymous author', () => {
  it('stops seeing a harasser everywhere from one comment, and unblocks', { timeout: 480_000 }, async () => {
    const [blockerAccount, harasserAccount, neighbourAccount] = await Promise.all([createAccount('bloquea'), createAccount('acosa'), createAccount('vecino')]);
    const blocker = await person('blocker');
    const harasser = await person('harasser');
    const neighbour = await person('neighbour');
    blocker.setDefaultTimeout(40_000);
    await Promise.all([signIn(blocker, blockerAccount), signIn(harasser, harasserAccount), signIn(neighbour, neighbourAccount)]);

    const mine = uniqueContent('Mi chisme tranquilo');
    await publishChisme(blocker, { content: mine });
    const theirs = uniqueContent('Chisme del acosador');
    await publishChisme(harasser, { content: theirs });
    const { id: mineId } = await sqlOne<{ id: string }>('select id from public.chismes where content = $1', [mine]);
    const { id: theirsId } = await sqlOne<{ id: string }>('select id from public.chismes where content = $1', [theirs]);

    const first = await rpcAs(harasser, 'add_comment', comment(mineId, 'Primer comentario molesto'));
    expect(first.status).toBe(200);
    const firstId = (first.body as { id: string }).id;
    expect((await rpcAs(harasser, 'add_comment', comment(mineId, 'Segundo comentario molesto'))).status).toBe(200);
    expect((await rpcAs(neighbour, 'add_comment', comment(mineId, 'La vecina responde', firstId))).status).toBe(200);

    // The blocker opens their chisme and blocks from the second comment's menu.
    await blocker.goto(`/chismes/${mineId}`);
    const second = blocker.getByTestId('comment').filter({ hasText: 'Segundo comentario molesto' });
    await second.getByRole('button', { name: 'Más opciones' }).click();
    await blocker.getByRole('menuitem', { name: 'No ver más a esta persona' }).click();
    await blocker.getByRole('alert').filter({ hasText: 'Ya no verás a esta persona' }).waitFor();
    await blocker.getByText('Segundo comentario molesto').waitFor({ state: 'detached' });
    await blocker.getByText('Primer comentario molesto').waitFor({ state: 'detached' });
    const placeholder = blocker.getByTestId('comment').filter({ has: blocker.getByTestId('hidden-comment') });
    await placeholder.getByText('Comentario oculto').waitFor();
    await placeholder.getByRole('button', { name: /Ver respuestas/ }).click();
    await blocker.getByText('La vecina responde').waitFor();

    // Their chisme: gone from the feed and by deep link.
    await blocker.goto('/chismes/');
    await blocker.getByTestId('chisme-card').first().waitFor();
    expect(await blocker.getByText(theirs).count()).toBe(0);
    await blocker.goto(`/chismes/${theirsId}`);
    await blocker.getByText(notFound).waitFor();

    // Their next comment notifies nobody; the neighbour's does (the bell counts one).
    await blocker.goto('/notifications/');
    await blocker.getByRole('button', { name: 'Marcar todas como leídas' }).click();
    const bell = blocker.getByTestId('notifications-bell');
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notificaciones');
    await blocker.goto('/chismes/');
    expect((await rpcAs(harasser, 'add_comment', comment(mineId, 'Tercer comentario molesto'))).status).toBe(200);
    expect((await rpcAs(neighbour, 'add_comment', comment(mineId, 'La vecina comenta'))).status).toBe(200);
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notificaciones: 1 sin leer');
    const { n } = await sqlOne<{ n: string }>(
      `select count(*) as n from public.notifications n join auth.users u on u.id = n.user_id
       where u.email = $1 and not n.is_read`,
      [blockerAccount.email],
    );
    expect(Number(n)).toBe(1);

    // The harasser notices nothing: the blocker's chisme and all their own comments are there.
    await harasser.goto(`/chismes/${mineId}`);
    await harasser.getByText('Segundo comentario molesto').waitFor();
    await harasser.getByText('Tercer comentario molesto').waitFor();
    expect(await harasser.getByTestId('hidden-comment').count()).toBe(0);

    // Settings: one person blocked; "Desbloquear a todas" brings their chisme back.
    await blocker.getByRole('button', { name: 'Abrir menú' }).click();
    const blocked = blocker.getByTestId('blocked-people');
    await blocked.getByText('1 persona bloqueada').waitFor();
    await blocked.getByRole('button', { name: 'Desbloquear a todas' }).click();
    await blocked.getByText('0 personas bloqueadas').waitFor();
    await blocker.keyboard.press('Escape');
    await blocker.goto(`/chismes/${theirsId}`);
    await blocker.getByText(theirs).waitFor();
  });
});
