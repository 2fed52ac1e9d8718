// Journey 23: the author mutes their chisme's notifications from its menu; a comment and a
// like on it then make no notification; unmuted, the next comment does (the bell counts one).
import { describe, expect, it } from 'vitest';
import { card, publishChisme, uniqueContent } from '../support/chismes.ts';
import { sqlOne } from '../support/db.ts';
import { person, useBrowser } from '../support/journey.ts';
import { createAccount, rpcAs, signIn } from '../support/users.ts';

useBrowser();

const comment = (chismeId: string, text: string) => ({
  p_chisme_id: chismeId,
  p_parent_id: null,
  p_content: text,
  p_gender: 'Mujer',
  p_years: 28,
  p_country: 'Chile',
});

async function notificationsOf(email: string): Promise<number> {
  const { n } = await sqlOne<{ n: string }>('select count(*) as n from public.notifications n join auth.users u on u.id = n.user_id where u.email = $1', [
    email,
  ]);
  return Number(n);
}

describe('journey 23: mute a thread', () => {
  it("stops and restarts a chisme's notifications", async () => {
    const [authorAccount, otherAccount] = await Promise.all([createAccount('silencio'), createAccount('charla')]);
    const author = await person('author');
    const other = await person('other');
    await Promise.all([signIn(author, authorAccount), signIn(other, otherAccount)]);
    const content = uniqueContent('Chisme muy comentado');
    await publishChisme(author, { content });
    const { id } = await sqlOne<{ id: string }>('select id from public.chismes where content = $1', [content]);

    await card(author, content).getByRole('button', { name: 'Más opciones' }).click();
    await author.getByRole('menuitem', { name: 'Silenciar notificaciones de este chisme' }).click();
    await author.getByRole('alert').filter({ hasText: 'No recibirás más notificaciones de este chisme.' }).waitFor();

    expect((await rpcAs(other, 'add_comment', comment(id, 'Comento en silencio'))).status).toBe(200);
    expect((await rpcAs(other, 'like_chisme', { p_chisme_id: id })).status).toBe(200);
    expect(await notificationsOf(authorAccount.email)).toBe(0);

    await card(author, content).getByRole('button', { name: 'Más opciones' }).click();
    await author.getByRole('menuitem', { name: 'Activar notificaciones de este chisme' }).click();
    await author.getByRole('alert').filter({ hasText: 'Volverás a recibir notificaciones de este chisme.' }).waitFor();
    expect((await rpcAs(other, 'add_comment', comment(id, 'Ahora sí se entera'))).status).toBe(200);
    await expect.poll(() => author.getByTestId('notifications-bell').getAttribute('aria-label'), { timeout: 20_000 }).toBe('Notificaciones: 1 sin leer');
    expect(await notificationsOf(authorAccount.email)).toBe(1);
  });
});
