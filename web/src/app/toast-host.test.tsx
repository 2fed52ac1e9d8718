// Toasts cover nothing the person is using: with a drawer or dialog open they are part of its
// header, under its title; otherwise beside the content column on a wide screen (the column is
// then free: the header's tabs, "Filtrar Chismes", the new-chismes pill), else at the bottom.
import { Drawer, MantineProvider, Modal } from '@mantine/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/toast';
import { buildTheme } from '../theme';
import { besideContentQuery, ToastHost } from './toast-host';

function Screen({ drawer = false, dialog = false }: { drawer?: boolean; dialog?: boolean }) {
  return (
    <MantineProvider theme={buildTheme(false)}>
      <ToastHost />
      <Drawer opened={drawer} onClose={() => {}} title="Menú" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
        <button type="button">Perfil</button>
      </Drawer>
      <Modal opened={dialog} onClose={() => {}} title="Cambiar contraseña" closeButtonProps={{ 'aria-label': 'Cerrar' }}>
        <button type="button">Guardar</button>
      </Modal>
    </MantineProvider>
  );
}

const rootOf = (text: string) => screen.getByText(text).closest('.app-notifications') as HTMLElement;

describe('ToastHost', () => {
  it('shows toasts at the bottom when nothing is open', async () => {
    render(<Screen />);
    act(() => toast.success('Filtros aplicados exitosamente'));
    expect(await screen.findByText('Filtros aplicados exitosamente')).toBeInTheDocument();
    expect(rootOf('Filtros aplicados exitosamente').dataset.position).toBe('bottom-center');
  });

  it('shows them beside the content column, off the column, when the screen is wide', async () => {
    const matchMedia = vi
      .spyOn(window, 'matchMedia')
      .mockImplementation(
        (query) =>
          ({ matches: query === besideContentQuery, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
      );
    try {
      render(<Screen />);
      act(() => toast.success('Filtros aplicados exitosamente'));
      expect(await screen.findByText('Filtros aplicados exitosamente')).toBeInTheDocument();
      expect(rootOf('Filtros aplicados exitosamente').dataset.position).toBe('top-right');
    } finally {
      matchMedia.mockRestore();
    }
  });

  it('puts a toast inside the open drawer, under its title, not over its items', async () => {
    render(<Screen drawer />);
    const menu = await screen.findByRole('dialog', { name: 'Menú' });
    act(() => toast.success('Tu contraseña se ha cambiado'));
    await waitFor(() => expect(within(menu).getByText('Tu contraseña se ha cambiado')).toBeInTheDocument());
    const header = menu.querySelector('.mantine-Drawer-header');
    expect(header).toContainElement(rootOf('Tu contraseña se ha cambiado'));
    expect(rootOf('Tu contraseña se ha cambiado')).toHaveAttribute('data-inline');
  });

  it('follows the topmost overlay, and goes back to the page when it closes', async () => {
    const { rerender } = render(<Screen drawer />);
    await screen.findByRole('dialog', { name: 'Menú' });
    rerender(<Screen drawer dialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
    act(() => toast.error('No se pudo guardar', { autoClose: 60_000 }));
    await waitFor(() => expect(within(dialog).getByText('No se pudo guardar')).toBeInTheDocument());
    rerender(<Screen />);
    await waitFor(() => expect(rootOf('No se pudo guardar').dataset.position).toBe('bottom-center'));
    expect(rootOf('No se pudo guardar')).not.toHaveAttribute('data-inline');
  });
});
