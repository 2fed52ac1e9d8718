// Journey 22: a person blocks a harasser from one of their comments ("No ver más a esta
// persona"). Their other comment goes, the one with a reply stays as "Comentario oculto" above
// the reply, their chismes leave the feed and their deep link answers not-found, their next
// comment notifies nobody while a neighbour's does; the harasser sees nothing change. Settings
// count "1 persona bloqueada" and "Desbloquear a todas" brings everything back. Both the block
// and the unblocking ask first (neither is undone one by one); on a phone, the unblocking's
// toast sits in the open menu's header, covering none of its items. A notification
// from before the block still opens the harasser's thread: the dialog says who is blocked,
// shows only the blocker's own earlier comment there (which they delete) and offers no form;
// the database refuses a comment there by any path (docs/decisions/0033-blocks-hold-every-path.md).
import { describe, expect, it } from 'vitest';
import { phone, snap } from '../support/browser.ts';
import { publishNew } from '../support/chismes.ts';
import { expectNothingClipped, expectToastsCoverNothing } from '../support/layout.ts';
import { chismeIdOf, notificationCount } from '../support/db.ts';
import { useBrowser } from '../support/journey.ts';
import { commentAs, signedInPerson } from '../support/users.ts';

useBrowser();

const notFound = 'Este chisme no existe o ya no está disponible';

describe('journey 22: block an anonymous author', () => {
  it('stops seeing a harasser everywhere from one comment, and unblocks', { timeout: 480_000 }, async () => {
    const [{ page: blocker, account: blockerAccount }, { page: harasser }, { page: neighbour }] = await Promise.all([
      signedInPerson('blocker', 'bloquea'),
      signedInPerson('harasser', 'acosa'),
      signedInPerson('neighbour', 'vecino'),
    ]);
    blocker.setDefaultTimeout(40_000);

    const mine = await publishNew(blocker, 'Mi chisme tranquilo');
    const theirs = await publishNew(harasser, 'Chisme del acosador');
    const mineId = await chismeIdOf(mine);
    const theirsId = await chismeIdOf(theirs);

    const first = await commentAs(harasser, mineId, 'Primer comentario molesto');
    expect(first.status).toBe(200);
    const firstId = (first.body as { id: string }).id;
    expect((await commentAs(harasser, mineId, 'Segundo comentario molesto')).status).toBe(200);
    expect((await commentAs(neighbour, mineId, 'La vecina responde', firstId)).status).toBe(200);
    // Before the block, the blocker comments on the harasser's chisme and the harasser answers.
    const before = await commentAs(blocker, theirsId, 'Mi comentario de antes del bloqueo');
    expect(before.status).toBe(200);
    const answer = await commentAs(harasser, theirsId, 'El acosador me contesta', (before.body as { id: string }).id);
    expect(answer.status).toBe(200);

    // The blocker opens their chisme and blocks from the second comment's menu.
    await blocker.goto(`/chismes/${mineId}`);
    const second = blocker.getByTestId('comment').filter({ hasText: 'Segundo comentario molesto' });
    await second.getByRole('button', { name: 'Más opciones' }).click();
    await blocker.getByRole('menuitem', { name: 'No ver más a esta persona' }).click();
    const confirmBlock = blocker.getByRole('dialog', { name: '¿No ver más a esta persona?' });
    await confirmBlock.getByText('desbloqueando a todas las personas desde el menú', { exact: false }).waitFor();
    await confirmBlock.getByRole('button', { name: 'No ver más' }).click();
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
    expect((await commentAs(harasser, mineId, 'Tercer comentario molesto')).status).toBe(200);
    expect((await commentAs(neighbour, mineId, 'La vecina comenta')).status).toBe(200);
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notificaciones: 1 sin leer');
    expect(await notificationCount(blockerAccount.email, { unread: true })).toBe(1);

    // The notification from before the block opens the thread as a blocked one.
    await blocker.goto('/notifications/');
    await blocker
      .getByRole('button', { name: /Nueva respuesta a tu comentario/ })
      .first()
      .click();
    const thread = blocker.getByRole('dialog', { name: 'Comentarios' });
    await thread.getByText(notFound).waitFor();
    await thread.getByText('Bloqueaste a quien escribió este chisme').waitFor();
    await thread.getByText('Mi comentario de antes del bloqueo').waitFor();
    expect(await thread.getByText('El acosador me contesta').count()).toBe(0);
    expect(await thread.getByText(theirs).count()).toBe(0);
    expect(await thread.getByRole('textbox').count()).toBe(0);
    expect(await thread.getByText('Aún no hay comentarios. ¡Sé el primero!').count()).toBe(0);
    const refused = await commentAs(blocker, theirsId, 'Comento igualmente');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'chisme_author_blocked' });
    // Their own earlier comment is theirs to delete, after a confirmation.
    await thread.getByRole('button', { name: 'Eliminar comentario' }).click();
    const confirm = blocker.getByRole('dialog', { name: '¿Eliminar este comentario?' });
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await blocker.getByRole('alert').filter({ hasText: 'Comentario eliminado' }).waitFor();
    await thread.getByText('Mi comentario de antes del bloqueo').waitFor({ state: 'detached' });
    await blocker.keyboard.press('Escape');

    // The harasser notices nothing: the blocker's chisme and all their own comments are there.
    await harasser.goto(`/chismes/${mineId}`);
    await harasser.getByText('Segundo comentario molesto').waitFor();
    await harasser.getByText('Tercer comentario molesto').waitFor();
    expect(await harasser.getByTestId('hidden-comment').count()).toBe(0);

    // Settings, on a phone: one person blocked; "Desbloquear a todas", once confirmed, brings
    // their chisme back, and its toast covers nothing in the open menu.
    await blocker.setViewportSize(phone);
    await blocker.getByRole('button', { name: 'Abrir menú' }).click();
    const blocked = blocker.getByTestId('blocked-people');
    await blocked.getByText('1 persona bloqueada').waitFor();
    await blocked.getByRole('button', { name: 'Desbloquear a todas' }).click();
    const confirmUnblock = blocker.getByRole('dialog', { name: '¿Desbloquear a todas?' });
    await confirmUnblock.getByText('No se puede deshacer', { exact: false }).waitFor();
    await confirmUnblock.getByRole('button', { name: 'Desbloquear a todas' }).click();
    const menu = blocker.getByRole('dialog', { name: 'Menú' });
    const unblocked = menu.getByRole('alert').filter({ hasText: 'Has desbloqueado a todas las personas.' });
    await unblocked.waitFor();
    await unblocked.hover(); // held while measured (a toast waits while the pointer is on it)
    await blocked.getByText('0 personas bloqueadas').waitFor();
    expect(await expectToastsCoverNothing(blocker, 'in the open menu on a phone')).toBeGreaterThan(0);
    await expectNothingClipped(blocker, 'in the open menu on a phone');
    await snap(blocker, '22-phone-menu-with-toast');
    await blocker.keyboard.press('Escape');
    await blocker.goto(`/chismes/${theirsId}`);
    await blocker.getByText(theirs).waitFor();
  });
});
