import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, within } from '../../../test-utils/render';
import { AppealsList } from './appeals-list';

const getAppeals = vi.fn();
const decideAppeal = vi.fn<(id: string, decision: string) => Promise<void>>();
vi.mock('../api/appeals', () => ({
  appealKeys: { queue: ['appeals', 'queue'] },
  getAppeals: () => getAppeals(),
  decideAppeal: (id: string, decision: string) => decideAppeal(id, decision),
}));

const appeal = { chisme_id: 'c-1', content: 'Mi chisme ocultado', cotilleo: false, total_reports: 5, pending_reports: 5, appealed_at: '2026-01-01T00:00:00Z' };

describe('AppealsList', () => {
  beforeEach(() => {
    getAppeals.mockReset().mockResolvedValue([appeal]);
    decideAppeal.mockReset().mockResolvedValue();
  });

  it.each([
    ['Restaurar', 'restore', 'El contenido volverá a estar visible para todos', 'Chisme restaurado'],
    ['Eliminar', 'delete', 'No se puede deshacer', 'Chisme eliminado'],
  ])('asks before "%s", then decides and says so', async (button, decision, explained, done) => {
    const onDecided = vi.fn();
    render(<AppealsList onDecided={onDecided} />);
    const card = (await screen.findByText('Mi chisme ocultado')).closest('[data-testid="appeal"]') as HTMLElement;
    await userEvent.click(within(card).getByRole('button', { name: button }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirmar decisión' });
    expect(confirm).toHaveTextContent(explained);
    expect(decideAppeal).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    expect(decideAppeal).toHaveBeenCalledWith('c-1', decision);
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(onDecided).toHaveBeenCalled();
  });

  it('is a section under the page heading: its title is a level-3 heading', async () => {
    render(<AppealsList />);
    expect(await screen.findByRole('heading', { level: 3, name: '1 apelación' })).toBeInTheDocument();
  });
});
