import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, within } from '../../../test-utils/render';
import type { MyReport, Statement } from '../api/decisions-api';
import { DecisionsScreen } from './decisions-screen';

const api = vi.hoisted(() => ({ getMyStatements: vi.fn(), getMyReports: vi.fn(), fileComplaint: vi.fn(), withdrawReport: vi.fn() }));
vi.mock('../api/decisions-api', async (original) => ({ ...(await original<typeof import('../api/decisions-api')>()), ...api }));

const future = new Date(Date.now() + 100 * 86_400_000).toISOString();
const statement: Statement = {
  id: 's1',
  decision: 'hidden',
  target_kind: 'chisme',
  chisme_id: 'c1',
  comment_id: null,
  snippet: 'Un chisme que van a denunciar',
  suspended_until: null,
  facts: 'reports',
  reports_received: 5,
  automated: true,
  reason: 'acoso',
  reason_label: 'Acoso o intimidación',
  rule: 'Norma 1: no acoses.',
  legal_ground: null,
  explanation: null,
  thresholds: { hide_threshold: 5, illegal_warn_after: 2, illegal_suspend_after: 3, illegal_suspend_days: 7, unfounded_mute_after: 5, unfounded_mute_days: 30 },
  complaint_until: future,
  created_at: new Date().toISOString(),
  reversed_at: null,
  complaint_status: null,
  complaint_answer: null,
};
const report: MyReport = {
  id: 'r1',
  kind: 'chisme',
  chisme_id: 'c2',
  reason: 'spam',
  reason_label: 'Spam',
  explanation: null,
  created_at: new Date().toISOString(),
  decision: null,
  decided_at: null,
  complaint_until: null,
  complaint_status: null,
  complaint_answer: null,
};

describe('DecisionsScreen', () => {
  beforeEach(() => {
    Object.values(api).forEach((fn) => fn.mockReset());
    api.getMyStatements.mockResolvedValue([statement]);
    api.getMyReports.mockResolvedValue([report]);
    api.fileComplaint.mockResolvedValue(undefined);
    api.withdrawReport.mockResolvedValue(undefined);
  });

  it('shows the statement of reasons: what, facts, automation, rule, thresholds, deadline', async () => {
    render(<DecisionsScreen userId="u" />);
    const card = await screen.findByTestId('statement');
    expect(within(card).getByText('Tu chisme «Un chisme que van a denunciar»')).toBeInTheDocument();
    expect(within(card).getByText('Hechos: 5 denuncias recibidas.')).toBeInTheDocument();
    expect(within(card).getByText(/Decidido de forma automática/)).toBeInTheDocument();
    expect(within(card).getByText(/Norma 1: no acoses/)).toBeInTheDocument();
    expect(within(card).getByText(/se oculta al llegar a 5 denuncias/)).toBeInTheDocument();
    expect(within(card).getByText(/Puedes reclamar hasta el/)).toBeInTheDocument();
  });

  it('tells of a removal whether it is kept (until when), restored or deleted for good', async () => {
    const removal: Statement = { ...statement, decision: 'deleted', automated: false };
    api.getMyStatements.mockResolvedValue([
      { ...removal, id: 'kept' },
      { ...removal, id: 'restored', reversed_at: new Date().toISOString(), complaint_status: 'reversed', complaint_answer: 'Tienes razón.' },
      { ...removal, id: 'upheld', complaint_status: 'upheld', complaint_answer: 'Se mantiene.' },
      { ...removal, id: 'waiting', complaint_status: 'pending' },
      { ...statement, id: 'hidden' },
    ]);
    render(<DecisionsScreen userId="u" />);
    const cards = await screen.findAllByTestId('statement');
    const state = (id: string) => within(cards.find((c) => c.dataset.id === id) as HTMLElement).queryByTestId('removal-state')?.textContent;
    expect(state('kept')).toMatch(/^Ya no lo ve nadie, tampoco tú\. Lo guardamos hasta el .+ por si reclamas/);
    expect(state('restored')).toBe('Restaurado: vuelve a estar publicado, con sus comentarios y me gusta.');
    expect(state('upheld')).toBe('Borrado definitivamente.');
    expect(state('waiting')).toBe('Ya no lo ve nadie, tampoco tú. Lo guardamos hasta que se resuelva tu reclamación.');
    expect(state('hidden')).toBeUndefined();
  });

  it('files a complaint with an explanation after a confirmation', async () => {
    render(<DecisionsScreen userId="u" />);
    const card = await screen.findByTestId('statement');
    await userEvent.click(within(card).getByRole('button', { name: 'Reclamar' }));
    await userEvent.type(screen.getByLabelText(/Tu explicación/), 'Es una broma');
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(api.fileComplaint).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Enviar reclamación' }));
    expect(api.fileComplaint).toHaveBeenCalledWith('statement', 's1', 'Es una broma');
  });

  it('withdraws a pending report only after a confirmation', async () => {
    render(<DecisionsScreen userId="u" />);
    const card = await screen.findByTestId('my-report');
    expect(within(card).getByText('Pendiente de revisión.')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Retirar denuncia' }));
    expect(api.withdrawReport).not.toHaveBeenCalled();
    await userEvent.click(within(card).getByRole('button', { name: 'Confirmar' }));
    expect(api.withdrawReport).toHaveBeenCalledWith('chisme', 'c2');
  });
});
