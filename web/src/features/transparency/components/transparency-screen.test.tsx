import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '../../../test-utils/render';
import type { MonthFigures, TransparencyReport } from '../api/transparency-api';
import { TransparencyScreen } from './transparency-screen';

const month: MonthFigures = {
  month: '2026-11',
  reports: { total: 12, by_reason: { acoso: 7, spam: null }, by_source: { signed_in: 12, signed_out: 0, moderator: null } },
  decisions: { total: 6, by_kind: { hidden: 5, deleted: null, suspended: 0, dismissed: null }, automated: 5, human: null, median_hours_to_decision: 2.5 },
  complaints: { received: null, decided: 0, reversed: 0 },
  suspensions: 0,
  word_filter_refusals: 9,
};
const report: TransparencyReport = {
  generated_at: '2026-11-28T23:00:00Z',
  small_count_threshold: 5,
  reasons: [
    { code: 'acoso', label: 'Acoso o intimidación', illegal: false },
    { code: 'spam', label: 'Spam', illegal: false },
  ],
  months: [month],
};
vi.mock('../api/transparency-api', () => ({ transparencyKey: ['transparency'], getTransparencyReport: () => Promise.resolve(report) }));

describe('TransparencyScreen', () => {
  it('shows each month as captioned tables, small counts as "menos de 5", never as a number', async () => {
    render(<TransparencyScreen />);
    const section = await screen.findByRole('region', { name: 'Noviembre de 2026' });
    const byReason = within(section).getByRole('table', { name: 'Denuncias por motivo' });
    expect(within(byReason).getByRole('row', { name: /Acoso o intimidación 7/ })).toBeInTheDocument();
    expect(within(byReason).getByRole('row', { name: /Spam menos de 5/ })).toBeInTheDocument();
    const decisions = within(section).getByRole('table', { name: 'Decisiones' });
    expect(within(decisions).getByRole('row', { name: /Tomadas de forma automática 5/ })).toBeInTheDocument();
    expect(within(decisions).getByRole('row', { name: /Mediana.* 2,5 h/ })).toBeInTheDocument();
    expect(screen.getByText(/las cifras de 1 a 4 se muestran como «menos de 5»/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Las mismas cifras en JSON' })).toHaveAttribute(
      'href',
      expect.stringContaining('/rest/v1/rpc/get_transparency_report'),
    );
  });
});
