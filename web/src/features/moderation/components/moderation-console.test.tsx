import type { User } from '@supabase/supabase-js';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionState } from '../../../lib/auth';
import { render, screen, signedIn, testUser, userEvent } from '../../../test-utils/render';
import type { ModerationItem } from '../api/moderation-api';
import { ModerationConsole } from './moderation-console';

const api = vi.hoisted(() => ({
  getModerationQueue: vi.fn(),
  restoreContent: vi.fn(),
  deleteContent: vi.fn(),
  suspendAuthor: vi.fn(),
  getOffensiveWords: vi.fn(),
  addOffensiveWord: vi.fn(),
  deleteOffensiveWord: vi.fn(),
}));
vi.mock('../api/moderation-api', () => api);
vi.mock('../hooks/use-moderation-realtime', () => ({ useModerationRealtime: () => {} }));

const moderator: SessionState = {
  status: 'signed-in',
  user: { ...testUser, app_metadata: { role: 'moderator' } } as User,
};

const item: ModerationItem = {
  kind: 'chisme',
  id: '11111111-1111-4111-8111-111111111111',
  chisme_id: '11111111-1111-4111-8111-111111111111',
  content: 'Un chisme muy reportado',
  cotilleo: false,
  pending_reports: 5,
  total_reports: 6,
  reasons: [
    { reason: 'Spam', count: 3 },
    { reason: 'Acoso', count: 2 },
  ],
  hidden: true,
  last_reported_at: new Date().toISOString(),
  created_at: new Date().toISOString(),
};

describe('ModerationConsole', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    api.getModerationQueue.mockResolvedValue([item]);
    api.getOffensiveWords.mockResolvedValue([{ id: 'w1', word: 'tonto' }]);
    api.restoreContent.mockResolvedValue(undefined);
  });

  it('turns a signed-in non-moderator away without asking for the queue', () => {
    render(<ModerationConsole />, { session: signedIn });
    expect(screen.getByText('Esta página es solo para moderadores.')).toBeInTheDocument();
    expect(api.getModerationQueue).not.toHaveBeenCalled();
  });

  it('shows a moderator the queue with counts, reasons and the hidden badge, and the word list', async () => {
    render(<ModerationConsole />, { session: moderator });
    expect(await screen.findByText('Un chisme muy reportado')).toBeInTheDocument();
    expect(screen.getByText('5 denuncias pendientes (6 en total)')).toBeInTheDocument();
    expect(screen.getByText(/Spam \(3\), Acoso \(2\)/)).toBeInTheDocument();
    expect(screen.getByText('Oculto')).toBeInTheDocument();
    expect(await screen.findByText('tonto')).toBeInTheDocument();
  });

  it('restores only after confirmation', async () => {
    render(<ModerationConsole />, { session: moderator });
    await userEvent.click(await screen.findByRole('button', { name: 'Restaurar' }));
    expect(api.restoreContent).not.toHaveBeenCalled();
    // The confirmation's close button is named (axe button-name in journey 13).
    expect(await screen.findByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(api.restoreContent).toHaveBeenCalledWith('chisme', item.id);
  });

  it('loads the next page of the queue after the last item, and offers no more after a short page', async () => {
    const page = Array.from(
      { length: 50 },
      (_, i): ModerationItem => ({
        ...item,
        id: `11111111-1111-4111-8111-${String(i).padStart(12, '0')}`,
        content: `Chisme reportado ${i}`,
      }),
    );
    const next: ModerationItem = { ...item, id: '22222222-2222-4222-8222-222222222222', content: 'El de la segunda página' };
    api.getModerationQueue.mockImplementation((cursor: unknown) => Promise.resolve(cursor ? [next] : page));
    render(<ModerationConsole />, { session: moderator });
    await userEvent.click(await screen.findByRole('button', { name: 'Cargar más denuncias' }));
    expect(await screen.findByText('El de la segunda página')).toBeInTheDocument();
    const last = page[49]!;
    expect(api.getModerationQueue).toHaveBeenCalledWith({ pending: last.pending_reports, lastReportedAt: last.last_reported_at, id: last.id });
    expect(screen.queryByRole('button', { name: 'Cargar más denuncias' })).not.toBeInTheDocument();
  });

  it('shows the duplicate-word message of the spec', async () => {
    const { ApiError } = await import('../../../lib/api-error');
    api.addOffensiveWord.mockRejectedValue(new ApiError('offensive_word_duplicate'));
    render(<ModerationConsole />, { session: moderator });
    await userEvent.type(await screen.findByLabelText('Nueva palabra'), 'Tonto');
    await userEvent.click(screen.getByRole('button', { name: 'Añadir' }));
    expect(await screen.findByText('Esta palabra ya está en la lista de filtrado.')).toBeInTheDocument();
  });

  it('puts the appeals under the page heading, and lets them refresh the queue', async () => {
    render(
      <ModerationConsole
        renderAppeals={(onDecided) => (
          <section aria-label="Apelaciones">
            <button type="button" onClick={onDecided}>
              Decidir
            </button>
          </section>
        )}
      />,
      { session: moderator },
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Moderación' });
    const appeals = screen.getByRole('region', { name: 'Apelaciones' });
    expect(heading.compareDocumentPosition(appeals) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await screen.findByText('Un chisme muy reportado');
    expect(api.getModerationQueue).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Decidir' }));
    await vi.waitFor(() => expect(api.getModerationQueue).toHaveBeenCalledTimes(2));
  });

  it('does not call the word list empty while it is still loading', async () => {
    let answer: (words: { id: string; word: string }[]) => void = () => undefined;
    api.getOffensiveWords.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<ModerationConsole />, { session: moderator });
    expect(await screen.findByRole('status', { name: 'Cargando palabras filtradas' })).toBeInTheDocument();
    expect(screen.queryByText('La lista está vacía.')).toBeNull();
    answer([]);
    expect(await screen.findByText('La lista está vacía.')).toBeInTheDocument();
  });
});
