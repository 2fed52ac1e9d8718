// Journey 4: post a casual chisme — the dialog's validation messages, the offensive-word
// refusal, and a valid post reaching a second person's open Recent feed as the pill
// "N chismes nuevos" without moving what they read; tapping it brings the post in at the top.
import { describe, expect, it } from 'vitest';
import { snap } from '../support/browser.ts';
import { card, fillAndSubmit, openNewChisme, uniqueContent } from '../support/chismes.ts';
import { addOffensiveWord } from '../support/db.ts';
import { useBrowser } from '../support/journey.ts';
import { signedInPerson } from '../support/users.ts';

useBrowser();

describe('journey 4: post a casual chisme', () => {
  it('validates, refuses an offensive word, and shows a valid post live to another person', async () => {
    const offensive = 'e2egroseria';
    await addOffensiveWord(offensive);
    const { page: author } = await signedInPerson('author', 'autora');
    const { page: reader } = await signedInPerson('reader', 'lectora');

    const dialog = await openNewChisme(author);
    const expectError = async (message: string) => {
      await dialog.getByRole('alert').filter({ hasText: message }).waitFor();
      expect(await dialog.getByRole('alert').innerText()).toBe(message);
    };
    await fillAndSubmit(dialog, { content: 'Un chisme sin género ni edad' });
    await expectError('Por favor, selecciona tu género');
    await fillAndSubmit(dialog, { gender: 'Hombre', age: '12' });
    await expectError('Ingresa una edad válida entre 13 y 99 años');
    await fillAndSubmit(dialog, { age: '34', content: '  corto   ' });
    await expectError('El chisme debe tener al menos 10 caracteres');
    await fillAndSubmit(dialog, { content: 'a'.repeat(401) });
    await expectError('El chisme no puede exceder los 400 caracteres');
    await fillAndSubmit(dialog, { content: `Esto es una ${offensive.toUpperCase()} en toda regla` });
    await expectError(`Contenido inapropiado detectado: ${offensive}`);
    await snap(author, '04-post-offensive-refused');

    const content = uniqueContent('Chisme en vivo');
    await fillAndSubmit(dialog, { content, tags: ['oficina'] });
    await dialog.waitFor({ state: 'detached' });
    await card(author, content).waitFor();

    // The reader never reloads, and nothing moves under them: the post shows as a pill (within
    // one realtime flush); tapping it brings it in at the top.
    const list = reader.getByRole('list', { name: 'Lista de chismes' });
    const readerFirst = list.getByRole('article').first();
    const before = { text: await readerFirst.innerText(), y: (await readerFirst.boundingBox())?.y };
    const pill = reader.getByRole('button', { name: /^\d+ chismes? nuevos?$/ });
    await pill.waitFor({ timeout: 30_000 });
    await snap(reader, '04-post-new-chismes-pill');
    expect(await readerFirst.innerText()).toBe(before.text);
    expect((await readerFirst.boundingBox())?.y).toBe(before.y);
    expect(
      await reader
        .getByRole('status')
        .filter({ hasText: /chismes? nuevos?/ })
        .count(),
    ).toBe(1);
    // the pill covers no control: not "Filtrar Chismes", on a desktop or on a phone
    const overlaps = async () => {
      const [a, b] = [await pill.boundingBox(), await reader.getByTestId('filters-button').boundingBox()];
      return !!a && !!b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    };
    expect(await overlaps()).toBe(false);
    const desktop = reader.viewportSize();
    await reader.setViewportSize({ width: 390, height: 844 });
    expect(await overlaps()).toBe(false);
    if (desktop) await reader.setViewportSize(desktop);
    await pill.click();
    const first = list.getByRole('article').first();
    await first.filter({ hasText: content }).waitFor();
    await reader.waitForFunction(() => window.scrollY === 0);
    expect(await first.getByText('#oficina').count()).toBe(1);
    expect(await first.getByText('Tu chisme').count()).toBe(0);
    await snap(reader, '04-post-live-in-second-browser');
  });
});
