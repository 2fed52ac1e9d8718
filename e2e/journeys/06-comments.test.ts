// Journey 6: comment, reply, reply to the reply (no reply button at depth 3); only top-level
// comments raise the chisme's count; the "Autor" badge; the parent's author is told live.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { snap } from '../support/browser.ts';
import { card, chooseOption, publishNew, showNewChismes } from '../support/chismes.ts';
import { useBrowser } from '../support/journey.ts';
import { signedInPerson } from '../support/users.ts';

useBrowser();

async function openComments(page: Page, content: string): Promise<Locator> {
  await card(page, content)
    .getByRole('button', { name: / comentarios$/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Comentarios' });
  await dialog.waitFor();
  return dialog;
}

async function sendComment(dialog: Locator, text: string, gender: 'Hombre' | 'Mujer', age: string): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Comentario' }).fill(text);
  const genderBox = dialog.getByRole('combobox', { name: 'Género' });
  if ((await genderBox.inputValue()) !== gender) await chooseOption(dialog, 'Género', gender);
  await dialog.getByRole('textbox', { name: 'Edad' }).fill(age);
  await dialog.getByRole('button', { name: 'Enviar comentario' }).click();
  await dialog.getByTestId('comment').filter({ hasText: text }).first().waitFor();
}

/** The comment box (its own paper, not its replies) with this text. */
const commentWith = (dialog: Locator, text: string) => dialog.getByTestId('comment').filter({ hasText: text }).last();

const liveToast = (page: Page) => page.getByRole('alert').filter({ hasText: 'Nueva notificación' });

describe('journey 6: comments', () => {
  it('threads three levels, counts only top-level comments, badges the author and notifies live', async () => {
    const { page: author } = await signedInPerson('author', 'autorc');
    const { page: neighbour } = await signedInPerson('neighbour', 'vecina');
    const content = await publishNew(author, 'Chisme comentado');
    await showNewChismes(neighbour, content); // the post arrives as the pill over the open feed

    // Level 1: the neighbour comments; the author is told live and the count rises to 1.
    const neighbourDialog = await openComments(neighbour, content);
    await neighbourDialog.getByText('Aún no hay comentarios. ¡Sé el primero!').waitFor();
    await sendComment(neighbourDialog, 'Comentario raíz de la vecina', 'Mujer', '41');
    await liveToast(author).waitFor();
    await card(author, content).getByRole('button', { name: '1 comentarios' }).waitFor();
    await neighbour.keyboard.press('Escape');
    await neighbourDialog.waitFor({ state: 'detached' });

    // Level 2: the author replies; the reply carries the "Autor" badge; the count stays 1.
    const authorDialog = await openComments(author, content);
    const root = commentWith(authorDialog, 'Comentario raíz de la vecina');
    await root.getByRole('button', { name: 'Responder' }).click();
    await authorDialog.getByTestId('reply-banner').filter({ hasText: 'Respondiendo a: "Comentario raíz de la vecina"' }).waitFor();
    await authorDialog.getByRole('textbox', { name: 'Comentario' }).fill('Respuesta de quien lo contó');
    await chooseOption(authorDialog, 'Género', 'Hombre');
    await authorDialog.getByRole('textbox', { name: 'Edad' }).fill('30');
    await authorDialog.getByRole('button', { name: 'Enviar comentario' }).click();
    await authorDialog
      .getByRole('alert')
      .filter({ hasText: 'Comentario enviado exitosamente' })
      .or(author.getByRole('alert').filter({ hasText: 'Comentario enviado exitosamente' }))
      .first()
      .waitFor();
    // The toast can come before the list has the reply: wait for its toggle (or the reply itself).
    const showReplies = root.getByRole('button', { name: /^Ver respuestas/ });
    const reply = commentWith(authorDialog, 'Respuesta de quien lo contó');
    await showReplies.or(reply).first().waitFor();
    if (await showReplies.count()) await showReplies.first().click();
    await reply.waitFor();
    expect(await reply.getAttribute('data-depth')).toBe('2');
    await reply.getByText('Autor', { exact: true }).waitFor();
    expect(await commentWith(authorDialog, 'Comentario raíz de la vecina').locator('> div').first().getByText('Autor', { exact: true }).count()).toBe(0);
    await liveToast(neighbour).waitFor();

    // Level 3: the neighbour replies to the reply; a depth-3 comment has no reply button.
    const again = await openComments(neighbour, content);
    const againRoot = commentWith(again, 'Comentario raíz de la vecina');
    await againRoot
      .getByRole('button', { name: /^Ver respuestas/ })
      .first()
      .click();
    await commentWith(again, 'Respuesta de quien lo contó').getByRole('button', { name: 'Responder' }).click();
    await again.getByTestId('reply-banner').filter({ hasText: 'Respuesta de quien lo contó' }).waitFor();
    await again.getByRole('textbox', { name: 'Comentario' }).fill('Y yo respondo a la respuesta');
    await again.getByRole('button', { name: 'Enviar comentario' }).click();
    await liveToast(author).nth(0).waitFor();
    const replyBox = commentWith(again, 'Respuesta de quien lo contó');
    const showDeep = replyBox.getByRole('button', { name: /^Ver respuestas/ });
    await showDeep
      .or(again.getByTestId('comment').filter({ hasText: 'Y yo respondo a la respuesta' }))
      .first()
      .waitFor();
    if (await showDeep.count()) await showDeep.first().click();
    const deepest = commentWith(again, 'Y yo respondo a la respuesta');
    await deepest.waitFor();
    expect(await deepest.getAttribute('data-depth')).toBe('3');
    expect(await deepest.getByRole('button', { name: 'Responder' }).count()).toBe(0);
    await snap(neighbour, '06-comments-three-levels');

    // Only the top-level comment counted.
    await neighbour.keyboard.press('Escape');
    await card(neighbour, content).getByRole('button', { name: '1 comentarios' }).waitFor();
    await author.keyboard.press('Escape');
    await author.reload();
    await card(author, content).getByRole('button', { name: '1 comentarios' }).waitFor();
  });
});
