import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, waitFor, within } from '../../../test-utils/render';
import { BlockedPeople } from './blocked-people';

const getBlockCount = vi.fn<() => Promise<number>>();
const unblockAll = vi.fn<() => Promise<number>>();
vi.mock('../api/blocks', () => ({
  blockKeys: { count: (userId: string) => ['blocks', userId, 'count'] },
  getBlockCount: () => getBlockCount(),
  unblockAll: () => unblockAll(),
}));

describe('BlockedPeople', () => {
  beforeEach(() => {
    getBlockCount.mockReset().mockResolvedValue(2);
    unblockAll.mockReset().mockResolvedValue(2);
  });

  it('asks before unblocking everyone, which cannot be undone; cancelling keeps the blocks', async () => {
    render(<BlockedPeople userId="u-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Desbloquear a todas' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Desbloquear a todas?' });
    expect(confirm).toHaveTextContent('las 2 personas que bloqueaste. No se puede deshacer');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(unblockAll).not.toHaveBeenCalled();
    expect(screen.getByText('2 personas bloqueadas')).toBeInTheDocument();
  });

  it('unblocks everyone once confirmed', async () => {
    render(<BlockedPeople userId="u-1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Desbloquear a todas' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: '¿Desbloquear a todas?' })).getByRole('button', { name: 'Desbloquear a todas' }));
    expect(unblockAll).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Has desbloqueado a todas las personas.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('0 personas bloqueadas')).toBeInTheDocument());
  });
});
