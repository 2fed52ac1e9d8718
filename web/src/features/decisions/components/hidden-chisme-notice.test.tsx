import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFirstContent } from '../../../lib/after-first-content';
import { render, screen, userEvent } from '../../../test-utils/render';
import { HiddenChismeNotice } from './hidden-chisme-notice';

const getMine = vi.fn();
const appeal = vi.fn();
vi.mock('../api/appeals', async (original) => ({
  ...(await original<typeof import('../api/appeals')>()),
  getMyHiddenChismes: () => getMine(),
}));
vi.mock('../api/decisions-api', async (original) => ({
  ...(await original<typeof import('../api/decisions-api')>()),
  fileComplaint: (kind: string, id: string, explanation: string) => appeal(kind, id, explanation),
}));

describe('HiddenChismeNotice', () => {
  beforeEach(() => {
    resetFirstContent();
    getMine.mockReset();
    appeal.mockReset().mockResolvedValue(undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  // The profile's first card (lib/after-first-content.ts waits for `main article`).
  const onProfile = (notice: ReactNode) => (
    <main>
      <article />
      {notice}
    </main>
  );

  it('says "Oculto por denuncias" and complains once, with an explanation and a confirmation', async () => {
    getMine
      .mockResolvedValueOnce([{ chisme_id: 'c1', appealed: false, statement_id: 's1' }])
      .mockResolvedValue([{ chisme_id: 'c1', appealed: true, statement_id: 's1' }]);
    render(onProfile(<HiddenChismeNotice userId="u" chismeId="c1" />));
    expect(await screen.findByText('Oculto por denuncias')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reclamar' }));
    await userEvent.type(screen.getByLabelText(/Tu explicación/), 'Es un aviso a los vecinos');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar reclamación' }));
    expect(appeal).toHaveBeenCalledWith('statement', 's1', 'Es un aviso a los vecinos');
    expect(await screen.findByText('Has reclamado esta decisión. Te avisaremos cuando un moderador decida.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reclamar' })).not.toBeInTheDocument();
  });

  it('shows nothing under a chisme that is not hidden', async () => {
    getMine.mockResolvedValue([{ chisme_id: 'other', appealed: false, statement_id: 's2' }]);
    render(onProfile(<HiddenChismeNotice userId="u" chismeId="c1" />));
    await vi.waitFor(() => expect(getMine).toHaveBeenCalled());
    expect(screen.queryByText('Oculto por denuncias')).not.toBeInTheDocument();
  });

  it('asks for the hidden chismes only once the first card is on screen', async () => {
    vi.spyOn(performance, 'now').mockReturnValue(0); // well before the release's cap
    getMine.mockResolvedValue([{ chisme_id: 'c1', appealed: false, statement_id: 's1' }]);
    const { container } = render(
      <main>
        <HiddenChismeNotice userId="u" chismeId="c1" />
      </main>,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(getMine).not.toHaveBeenCalled();
    container.querySelector('main')?.append(document.createElement('article')); // the card, as the profile renders it
    expect(await screen.findByText('Oculto por denuncias')).toBeInTheDocument();
  });
});
