// Journey 30: a person deletes their own comment and their own chisme, each after a
// confirmation (docs/decisions/0034-deletion-keeps-others-words.md). A comment without replies
// goes; one with a neighbour's reply leaves "Comentario eliminado" above that reply, and the
// count of comments drops to what is visible. "Cancelar" changes nothing. The chisme's
// "Eliminar" takes away its text, its author and the notifications about it to its author; the
// neighbour's comments stay under "Chisme eliminado", which both then see with no form. A chisme no one else commented on goes whole: not found.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe.ts';
import { publishNew } from '../support/chismes.ts';
import { chismeIdOf, sqlOne } from '../support/db.ts';
import { useBrowser } from '../support/journey.ts';
import { commentAs, signedInPerson } from '../support/users.ts';

useBrowser();

const notFound = 'Este chisme no existe o ya no está disponible';
const commentsOf = async (id: string) => Number((await sqlOne<{ n: string }>('select comments as n from public.chismes where id = $1', [id])).n);
const notificationsAbout = async (id: string) =>
  Number((await sqlOne<{ n: string }>("select count(*) as n from public.notifications where data ->> 'chismeId' = $1", [id])).n);

/** "Eliminar" in the chisme's menu, confirmed. */
async function deleteChismeFromMenu(author: Page) {
  await author.getByRole('button', { name: 'Más opciones' }).first().click();
  await author.getByRole('menuitem', { name: 'Eliminar' }).click();
  const confirmChisme = author.getByRole('dialog', { name: '¿Eliminar este chisme?' });
  await confirmChisme.getByText('No se puede deshacer', { exact: false }).waitFor();
  await confirmChisme.getByRole('button', { name: 'Eliminar' }).click();
  await confirmChisme.waitFor({ state: 'detached' });
}

describe('journey 30: delete my own comment and chisme', () => {
  it('deletes a comment (others keep their reply) and a chisme, each after a confirmation', { timeout: 360_000 }, async () => {
    const [{ page: author }, { page: neighbour }] = await Promise.all([signedInPerson('author', 'borra'), signedInPerson('neighbour', 'vecinab')]);
    author.setDefaultTimeout(40_000);
    const content = await publishNew(author, 'Un chisme que voy a borrar');
    const id = await chismeIdOf(content);

    expect((await commentAs(neighbour, id, 'La vecina comenta')).status).toBe(200);
    const lone = await commentAs(author, id, 'Mi comentario suelto');
    expect(lone.status).toBe(200);
    const answered = await commentAs(author, id, 'Mi comentario con respuesta');
    expect((await commentAs(neighbour, id, 'La vecina me responde', (answered.body as { id: string }).id)).status).toBe(200);
    expect(await commentsOf(id)).toBe(3);
    expect(await notificationsAbout(id)).toBeGreaterThan(0);

    await author.goto(`/chismes/${id}`);
    const own = (text: string) => author.getByTestId('comment').filter({ hasText: text }).last();
    await own('Mi comentario suelto').waitFor();
    // only one's own comments offer "Eliminar comentario"
    expect(await author.getByTestId('comment').filter({ hasText: 'La vecina comenta' }).getByRole('button', { name: 'Eliminar comentario' }).count()).toBe(0);

    // "Cancelar" changes nothing
    await own('Mi comentario suelto').getByRole('button', { name: 'Eliminar comentario' }).click();
    const confirmComment = author.getByRole('dialog', { name: '¿Eliminar este comentario?' });
    await confirmComment.getByRole('button', { name: 'Cancelar' }).click();
    await confirmComment.waitFor({ state: 'detached' });
    expect(await commentsOf(id)).toBe(3);

    // without replies: gone
    await own('Mi comentario suelto').getByRole('button', { name: 'Eliminar comentario' }).click();
    await confirmComment.getByRole('button', { name: 'Eliminar' }).click();
    await author.getByText('Mi comentario suelto').waitFor({ state: 'detached' });
    expect(await commentsOf(id)).toBe(2);

    // with a neighbour's reply: "Comentario eliminado" above the reply
    await own('Mi comentario con respuesta').getByRole('button', { name: 'Eliminar comentario' }).click();
    await confirmComment.getByRole('button', { name: 'Eliminar' }).click();
    await author.getByText('Mi comentario con respuesta').waitFor({ state: 'detached' });
    const placeholder = author.getByTestId('comment').filter({ has: author.getByTestId('deleted-comment') });
    await placeholder.getByText('Comentario eliminado').waitFor();
    await placeholder.getByRole('button', { name: /Ver respuestas/ }).click();
    await author.getByText('La vecina me responde', { exact: true }).waitFor();
    expect(await commentsOf(id)).toBe(1);

    // the chisme, from the author's menu: the neighbour's comments stay under "Chisme eliminado"
    await deleteChismeFromMenu(author);
    await author.getByTestId('deleted-chisme').waitFor();
    await author.getByText('La vecina comenta', { exact: true }).waitFor();
    expect(await author.getByText(content).count()).toBe(0);
    expect(await author.getByRole('textbox').count()).toBe(0);
    const row = await sqlOne<{ deleted: boolean; content: string; comments: number; authors: string; kept: string }>(
      `select c.deleted_at is not null as deleted, c.content, c.comments,
         (select count(*) from public.chisme_authors a where a.chisme_id = c.id) as authors,
         (select count(*) from public.comments m where m.chisme_id = c.id and m.deleted_at is null) as kept
       from public.chismes c where c.id = $1`,
      [id],
    );
    expect(row).toEqual({ deleted: true, content: '', comments: 1, authors: '0', kept: '2' });
    expect(await notificationsAbout(id)).toBe(0);

    // the neighbour opens the link: "Chisme eliminado", their comments with their pseudonym, no form
    await neighbour.goto(`/chismes/${id}`);
    await neighbour.getByTestId('deleted-chisme').getByText('Chisme eliminado').waitFor();
    const kept = neighbour.getByTestId('comment').filter({ hasText: 'La vecina comenta' });
    await kept.getByText('Anónimo 1').waitFor();
    expect(await neighbour.getByRole('textbox').count()).toBe(0);
    expect(await kept.getByRole('button', { name: 'Responder' }).count()).toBe(0);
    await expectAccessible(neighbour, 'the "Chisme eliminado" thread');

    // a chisme no one else commented on goes whole
    const alone = await publishNew(author, 'Un chisme que nadie comentó');
    const aloneId = await chismeIdOf(alone);
    await author.goto(`/chismes/${aloneId}`);
    await author.getByText(alone).waitFor();
    await deleteChismeFromMenu(author);
    await author.getByText(notFound).waitFor();
    expect(Number((await sqlOne<{ n: string }>('select count(*) as n from public.chismes where id = $1', [aloneId])).n)).toBe(0);
  });
});
