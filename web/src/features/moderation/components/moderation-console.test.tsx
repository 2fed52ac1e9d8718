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
const complaintsApi = vi.hoisted(() => ({ getComplaints: vi.fn(), decideComplaint: vi.fn() }));
vi.mock('../api/complaints-api', () => complaintsApi);
vi.mock('../api/report-reasons', () => ({
  getReportReasons: () =>
    Promise.resolve([
      { code: 'acoso', label: 'Acoso o intimidación', rule: 'Norma 1.', illegal: false, legal_ground: null },
      { code: 'spam', label: 'Spam', rule: 'Norma 7.', illegal: false, legal_ground: null },
    ]),
}));
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
    { reason: 'Spam', code: 'spam', count: 3, explanations: ['Publicidad de una tienda'] },
    { reason: 'Acoso', code: 'acoso', count: 2, explanations: [] },
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
    api.deleteContent.mockResolvedValue(undefined);
    complaintsApi.getComplaints.mockReset().mockResolvedValue([]);
    complaintsApi.decideComplaint.mockReset().mockResolvedValue(undefined);
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
    expect(screen.getByText('Publicidad de una tienda')).toBeInTheDocument();
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
    expect(api.restoreContent).toHaveBeenCalledWith('chisme', item.id, false);
  });

  it('deletes on a ground from the list (the leading reason first) with an explanation', async () => {
    render(<ModerationConsole />, { session: moderator });
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const ground = await screen.findByLabelText(/Motivo de la decisión/, { selector: 'input' });
    await vi.waitFor(() => expect(ground).toHaveValue('Spam'));
    await userEvent.type(screen.getByLabelText(/Explicación para la persona afectada/), 'Anuncia una tienda');
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(api.deleteContent).toHaveBeenCalledWith('chisme', item.id, { reason: 'spam', explanation: 'Anuncia una tienda' });
  });

  it('decides a complaint with reasons and refreshes the queue with it (a reversal leaves no stale "Oculto")', async () => {
    complaintsApi.getComplaints.mockResolvedValueOnce([
      {
        id: 'k1',
        kind: 'statement',
        explanation: 'Es una broma entre amigas',
        created_at: new Date().toISOString(),
        decision: 'hidden',
        target_kind: 'chisme',
        chisme_id: item.id,
        comment_id: null,
        content: 'Un chisme muy reportado',
        automated: true,
        reason: 'spam',
        reason_label: 'Spam',
        statement_explanation: null,
      },
    ]);
    render(<ModerationConsole />, { session: moderator });
    expect(await screen.findByText('Es una broma entre amigas')).toBeInTheDocument();
    expect(screen.getByText('Reclamación contra: ocultación (decisión automática)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Revocar la decisión' }));
    const confirm = await screen.findByRole('button', { name: 'Confirmar' });
    expect(confirm).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/Motivos de tu decisión/), 'No identifica a nadie');
    api.getModerationQueue.mockResolvedValue([]);
    await userEvent.click(confirm);
    expect(complaintsApi.decideComplaint).toHaveBeenCalledWith('k1', 'reversed', 'No identifica a nadie');
    await vi.waitFor(() => expect(screen.queryByText('Oculto')).not.toBeInTheDocument());
    expect(screen.queryByText('Es una broma entre amigas')).not.toBeInTheDocument();
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
