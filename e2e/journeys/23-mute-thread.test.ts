// Journey 23: the author mutes their chisme's notifications from its menu; a comment and a
// like on it then make no notification; unmuted, the next comment does (the bell counts one).
// The menu passes axe while its mute state loads (held back here) and once it has.
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
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

    const muteState = '**/rest/v1/rpc/get_thread_mute**';
    let answerMuteState = () => {};
    const held = new Promise<void>((resolve) => {
      answerMuteState = resolve;
    });
    await author.route(muteState, async (route) => {
      await held;
      await route.continue();
    });
    await card(author, content).getByRole('button', { name: 'Más opciones' }).click();
    await author.getByRole('menuitem', { name: 'Cargando...' }).waitFor();
    await expectAccessible(author, "the chisme's menu while its mute state loads");
    answerMuteState();
    const mute = author.getByRole('menuitem', { name: 'Silenciar notificaciones de este chisme' });
    await mute.waitFor();
    await author.unroute(muteState);
    await expectAccessible(author, "the chisme's menu");
    await mute.click();
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
