import { describe, expect, it } from 'vitest';
import { render, screen } from '../../../test-utils/render';
import { CrisisSupportDialog } from './crisis-support-dialog';

describe('CrisisSupportDialog', () => {
  it('offers the author the crisis line of their country', async () => {
    render(<CrisisSupportDialog country="España" asReader={false} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'No estás sola, no estás solo' });
    expect(dialog).toHaveTextContent('Lo que escribiste suena a que estás pasando por un momento muy difícil.');
    expect(screen.getByRole('link', { name: 'Llamar al 024' })).toHaveAttribute('href', 'tel:024');
  });

  it("points elsewhere to the international directory, with the readers' words", async () => {
    render(<CrisisSupportDialog country="Desconocido" asReader onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'No estás sola, no estás solo' });
    expect(dialog).toHaveTextContent('Si algo de esto te toca de cerca');
    expect(screen.getByRole('link', { name: /Find A Helpline/ })).toHaveAttribute('href', 'https://findahelpline.com');
  });
});
