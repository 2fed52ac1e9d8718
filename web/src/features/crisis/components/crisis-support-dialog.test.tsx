import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '../../../test-utils/render';
import { CrisisSupportDialog } from './crisis-support-dialog';

/** What the browser says of where the person is. */
function browserIn(timeZone: string, languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone };
  });
}

describe('CrisisSupportDialog', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers the author the crisis line of their country', async () => {
    render(<CrisisSupportDialog country="España" asReader={false} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'No estás sola, no estás solo' });
    expect(dialog).toHaveTextContent('Lo que escribiste suena a que estás pasando por un momento muy difícil.');
    expect(screen.getByRole('link', { name: 'Llamar al 024' })).toHaveAttribute('href', 'tel:024');
  });

  it('offers the line of where the browser is when the country is unknown', async () => {
    browserIn('Europe/Madrid', ['es-ES', 'es']);
    render(<CrisisSupportDialog country="Desconocido" asReader={false} onClose={() => {}} />);
    expect(await screen.findByRole('link', { name: 'Llamar al 024' })).toHaveAttribute('href', 'tel:024');
  });

  it("points elsewhere to the international directory, with the readers' words", async () => {
    browserIn('Europe/Paris', ['fr-FR']);
    render(<CrisisSupportDialog country="Desconocido" asReader onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'No estás sola, no estás solo' });
    expect(dialog).toHaveTextContent('Si algo de esto te toca de cerca');
    expect(screen.getByRole('link', { name: /Find A Helpline/ })).toHaveAttribute('href', 'https://findahelpline.com');
  });
});
