// Journey 25: a person writes about wanting to die. The chisme is published and the calm
// support card opens for them at once; another person sees a small "¿Necesitas hablar?" link
// on it that opens the same card. Everyday speech ("me muero de risa") opens nothing. The local
// stack detects no country, so the card's line comes from where each browser says it is: the
// author's in Madrid gets Spain's 024, the reader's in Mexico City Mexico's line.
import { describe, expect, it } from 'vitest';
import { card, publishChisme } from '../support/chismes.ts';
import { useBrowser } from '../support/journey.ts';
import { expectToastsCoverNothing } from '../support/layout.ts';
import { signedInPerson } from '../support/users.ts';
import { randomUUID } from 'node:crypto';

useBrowser();

const title = 'No estás sola, no estás solo';

describe('journey 25: crisis support', () => {
  it('shows the support card to the author and a link to readers, not for everyday speech', async () => {
    const [{ page: author }, { page: reader }] = await Promise.all([
      signedInPerson('author', 'apoyo', { locale: 'es-ES', timezoneId: 'Europe/Madrid' }),
      signedInPerson('reader', 'lectora', { locale: 'es-MX', timezoneId: 'America/Mexico_City' }),
    ]);

    const tag = randomUUID().slice(0, 6);
    const everyday = `Me muero de risa con lo que pasó en clase ${tag}`;
    await publishChisme(author, { content: everyday });
    await card(author, everyday).waitFor();
    expect(await author.getByRole('dialog', { name: title }).count()).toBe(0);
    expect(await card(author, everyday).getByRole('button', { name: '¿Necesitas hablar?' }).count()).toBe(0);

    const heavy = `Ya no puedo más y a veces me quiero morir ${tag}`;
    await publishChisme(author, { content: heavy });
    const support = author.getByRole('dialog', { name: title });
    await support.waitFor();
    await support.getByText('Lo que escribiste suena a que estás pasando por un momento muy difícil').waitFor();
    expect(await support.getByRole('link', { name: 'Llamar al 024' }).getAttribute('href')).toBe('tel:024');
    // No cheerful "publicado" toast across the card's first lines.
    await expectToastsCoverNothing(author, 'over the support card');
    expect(await author.getByRole('alert').filter({ hasText: 'Chisme publicado exitosamente' }).count()).toBe(0);
    await support.getByRole('button', { name: 'Cerrar' }).last().click();
    await support.waitFor({ state: 'detached' });
    await card(author, heavy).waitFor();

    await reader.reload();
    const theirs = card(reader, heavy);
    await theirs.waitFor();
    await theirs.getByRole('button', { name: '¿Necesitas hablar?' }).click();
    const readerSupport = reader.getByRole('dialog', { name: title });
    await readerSupport.getByText('Si algo de esto te toca de cerca').waitFor();
    await readerSupport.getByRole('link', { name: 'Llamar al 800 911 2000' }).waitFor();
  });
});
