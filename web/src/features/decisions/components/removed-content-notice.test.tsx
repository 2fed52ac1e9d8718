import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFirstContent } from '../../../lib/after-first-content';
import { render, screen } from '../../../test-utils/render';
import type { Statement } from '../api/decisions-api';
import { RemovedContentNotice } from './removed-content-notice';

const getStatements = vi.fn();
vi.mock('../api/decisions-api', async (original) => ({
  ...(await original<typeof import('../api/decisions-api')>()),
  getMyStatements: () => getStatements(),
}));

const day = 86_400_000;
const removal = (id: string, changes: Partial<Statement> = {}): Partial<Statement> => ({
  id,
  decision: 'deleted',
  target_kind: 'chisme',
  reversed_at: null,
  complaint_status: null,
  complaint_until: new Date(Date.now() + 100 * day).toISOString(),
  ...changes,
});

// The profile's first card (lib/after-first-content.ts waits for `main article`).
const onProfile = () => (
  <main>
    <article />
    <RemovedContentNotice userId="u" />
  </main>
);

describe('RemovedContentNotice', () => {
  beforeEach(() => {
    resetFirstContent();
    getStatements.mockReset();
  });

  it('counts the removals still kept (a pending complaint too) and leads to "Mis decisiones"', async () => {
    getStatements.mockResolvedValue([
      removal('kept'),
      removal('waiting', { complaint_status: 'pending', complaint_until: new Date(Date.now() - day).toISOString() }),
      removal('restored', { reversed_at: new Date().toISOString(), complaint_status: 'reversed' }),
      removal('upheld', { complaint_status: 'upheld' }),
      removal('expired', { complaint_until: new Date(Date.now() - day).toISOString() }),
      removal('hidden', { decision: 'hidden' }),
    ]);
    render(onProfile());
    const notice = await screen.findByTestId('removed-content-notice');
    expect(notice).toHaveTextContent('Un moderador ha retirado 2 publicaciones tuyas: no las ve nadie, tampoco aquí, mientras puedas reclamar');
    expect(screen.getByRole('link', { name: 'Ver los motivos y reclamar en «Mis decisiones»' })).toHaveAttribute('href', '/mis-decisiones');
  });

  it('says nothing when nothing removed is kept', async () => {
    getStatements.mockResolvedValue([removal('restored', { reversed_at: new Date().toISOString() }), removal('hidden', { decision: 'hidden' })]);
    render(onProfile());
    await vi.waitFor(() => expect(getStatements).toHaveBeenCalled());
    expect(screen.queryByTestId('removed-content-notice')).not.toBeInTheDocument();
  });
});
