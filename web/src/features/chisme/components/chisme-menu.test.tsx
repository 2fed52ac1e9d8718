import { describe, expect, it, vi } from 'vitest';
import { aChisme } from '../../../test-utils/fixtures';
import { render, screen, userEvent, waitFor } from '../../../test-utils/render';
import { ChismeMenu } from './chisme-menu';

const blockChismeAuthor = vi.fn();
vi.mock('../api/block-chisme-author', () => ({ blockChismeAuthor: (id: string) => blockChismeAuthor(id) }));
vi.mock('../api/thread-mute', () => ({
  threadMuteKeys: { state: (id: string) => ['thread-mute', id] },
  getThreadMute: vi.fn().mockResolvedValue(false),
  setThreadMute: vi.fn(),
}));

describe('ChismeMenu', () => {
  it('is a closed menu button before its first press, with no menu in the page', () => {
    render(<ChismeMenu chisme={aChisme({ is_mine: false })} />);
    const trigger = screen.getByRole('button', { name: 'Más opciones' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens on the first click and blocks the author by the chisme id', async () => {
    blockChismeAuthor.mockResolvedValue(undefined);
    render(<ChismeMenu chisme={aChisme({ id: 'c-9', is_mine: false })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Más opciones' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'No ver más a esta persona' }));
    expect(blockChismeAuthor).toHaveBeenCalledWith('c-9');
  });

  it('opens from the keyboard on the first press and gives the focus back to its button on Escape', async () => {
    render(<ChismeMenu chisme={aChisme({ is_mine: false })} />);
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Más opciones' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('menuitem', { name: 'No ver más a esta persona' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Más opciones' })).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Más opciones' })).toHaveFocus();
  });

  it("opens another card's menu on its first press once the menu's code is loaded", async () => {
    render(
      <>
        <ChismeMenu chisme={aChisme({ id: 'c-1', is_mine: false })} />
        <ChismeMenu chisme={aChisme({ id: 'c-2', is_mine: false })} />
      </>,
    );
    const [first, second] = screen.getAllByRole('button', { name: 'Más opciones' });
    await userEvent.click(first!);
    await screen.findByRole('menuitem', { name: 'No ver más a esta persona' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await userEvent.click(second!);
    expect(await screen.findByRole('menuitem', { name: 'No ver más a esta persona' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Más opciones' })[1]).toHaveAttribute('aria-expanded', 'true');
  });
});
