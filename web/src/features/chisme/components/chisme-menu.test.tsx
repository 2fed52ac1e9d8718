import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, userEvent, within } from '../../../test-utils/render';
import { aChisme } from '../../../test-utils/fixtures';
import { ChismeMenu } from './chisme-menu';

const getThreadMute = vi.fn<() => Promise<boolean | null>>();
vi.mock('../api/thread-mute', () => ({
  threadMuteKeys: { state: (id: string) => ['thread-mute', id] },
  getThreadMute: () => getThreadMute(),
  setThreadMute: vi.fn(),
}));
const blockChismeAuthor = vi.fn<(id: string) => Promise<void>>();
vi.mock('../api/block-chisme-author', () => ({ blockChismeAuthor: (id: string) => blockChismeAuthor(id) }));
const deleteMyChisme = vi.fn<(id: string) => Promise<void>>();
vi.mock('../api/delete-my-chisme', () => ({ deleteMyChisme: (id: string) => deleteMyChisme(id) }));

describe('ChismeMenu', () => {
  beforeEach(() => {
    getThreadMute.mockReset();
    blockChismeAuthor.mockReset().mockResolvedValue();
  });

  it("holds a disabled item while the author's mute state loads, then the switch", async () => {
    let answer: (muted: boolean) => void = () => undefined;
    getThreadMute.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<ChismeMenu chisme={aChisme({ id: 'c-loading', is_mine: true })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Más opciones' }));
    const menu = await screen.findByRole('menu', { hidden: true });
    // A menu with no menuitem fails axe's aria-required-children (journey 23's scan). The
    // structure is what axe reads; jsdom leaves the floating dropdown `display: none` while a
    // request is pending, so hidden elements are included.
    const [loading, ...others] = within(menu).getAllByRole('menuitem', { hidden: true });
    // the author's menu holds "Eliminar" too, from the start
    expect(others.map((item) => item.textContent)).toEqual(['Eliminar']);
    // Nothing else in it either: Mantine's focusable "presentation" placeholder is, to axe, a
    // child a menu may not have (aria-required-children, critical, loading or not).
    expect([...menu.children].filter((child) => child.getAttribute('role') !== 'menuitem')).toEqual([]);
    expect(loading).toHaveTextContent('Cargando...');
    expect(loading).toBeDisabled();
    answer(false);
    expect(await within(menu).findByRole('menuitem', { name: 'Silenciar notificaciones de este chisme', hidden: true })).toBeEnabled();
    expect(menu).not.toHaveTextContent('Cargando...');
    expect([...menu.children].filter((child) => child.getAttribute('role') !== 'menuitem')).toEqual([]);
  });

  it("offers blocking on someone else's chisme, with no loading item", async () => {
    getThreadMute.mockResolvedValue(null);
    render(<ChismeMenu chisme={aChisme({ id: 'c-other', is_mine: false })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Más opciones' }));
    expect(await screen.findByRole('menuitem', { name: 'No ver más a esta persona', hidden: true })).toBeEnabled();
    expect(screen.queryByText('Cargando...')).not.toBeInTheDocument();
  });

  it('asks before blocking, saying how it is undone; cancelling blocks nobody', async () => {
    getThreadMute.mockResolvedValue(null);
    render(<ChismeMenu chisme={aChisme({ id: 'c-other', is_mine: false })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Más opciones' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'No ver más a esta persona', hidden: true }));
    const confirm = await screen.findByRole('dialog', { name: '¿No ver más a esta persona?' });
    expect(confirm).toHaveTextContent('desbloqueando a todas las personas desde el menú');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(blockChismeAuthor).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Más opciones' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'No ver más a esta persona', hidden: true }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: '¿No ver más a esta persona?' })).getByRole('button', { name: 'No ver más' }));
    expect(blockChismeAuthor).toHaveBeenCalledWith('c-other');
    expect(await screen.findByText('Ya no verás a esta persona. Ella no lo sabrá.')).toBeInTheDocument();
  });

  it('offers "Eliminar" on one\'s own chisme only, and deletes after the confirmation', async () => {
    getThreadMute.mockResolvedValue(false);
    deleteMyChisme.mockResolvedValue(undefined);
    const { unmount } = render(<ChismeMenu chisme={aChisme({ id: 'c-other-2', is_mine: false })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Más opciones' }));
    await screen.findByRole('menuitem', { name: 'No ver más a esta persona', hidden: true });
    expect(screen.queryByRole('menuitem', { name: 'Eliminar', hidden: true })).not.toBeInTheDocument();
    unmount();

    render(<ChismeMenu chisme={aChisme({ id: 'c-mine', is_mine: true })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Más opciones' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Eliminar', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar este chisme?' });
    expect(deleteMyChisme).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(deleteMyChisme).toHaveBeenCalledWith('c-mine');
  });
});
