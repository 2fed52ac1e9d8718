// Journey 23: the author mutes their chisme's notifications from its menu; a comment and a
// like on it then make no notification; unmuted, the next comment does (the bell counts one).
import { describe, expect, it } from 'vitest';
import { card, publishNew } from '../support/chismes.ts';
import { chismeIdOf, notificationCount } from '../support/db.ts';
import { useBrowser } from '../support/journey.ts';
import { commentAs, rpcAs, signedInPerson } from '../support/users.ts';

useBrowser();

describe('journey 23: mute a thread', () => {
  it("stops and restarts a chisme's notifications", async () => {
    const [{ page: author, account: authorAccount }, { page: other }] = await Promise.all([
      signedInPerson('author', 'silencio'),
      signedInPerson('other', 'charla'),
    ]);
    const content = await publishNew(author, 'Chisme muy comentado');
    const id = await chismeIdOf(content);

    await card(author, content).getByRole('button', { name: 'Más opciones' }).click();
    await author.getByRole('menuitem', { name: 'Silenciar notificaciones de este chisme' }).click();
    await author.getByRole('alert').filter({ hasText: 'No recibirás más notificaciones de este chisme.' }).waitFor();

    expect((await commentAs(other, id, 'Comento en silencio')).status).toBe(200);
    expect((await rpcAs(other, 'like_chisme', { p_chisme_id: id })).status).toBe(200);
    expect(await notificationCount(authorAccount.email)).toBe(0);

    await card(author, content).getByRole('button', { name: 'Más opciones' }).click();
    await author.getByRole('menuitem', { name: 'Activar notificaciones de este chisme' }).click();
    await author.getByRole('alert').filter({ hasText: 'Volverás a recibir notificaciones de este chisme.' }).waitFor();
    expect((await commentAs(other, id, 'Ahora sí se entera')).status).toBe(200);
    await expect.poll(() => author.getByTestId('notifications-bell').getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notificaciones: 1 sin leer');
    expect(await notificationCount(authorAccount.email)).toBe(1);
  });
});
