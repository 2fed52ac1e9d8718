import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '../../../test-utils/render';
import { aNotification } from '../../../test-utils/fixtures';
import { dialogStore } from '../../../hooks/use-dialogs';
import { NotificationItem } from './notification-item';

const markNotificationRead = vi.fn<(id: string) => Promise<void>>();
const deleteNotification = vi.fn<(id: string) => Promise<void>>();
vi.mock('../api/update-notifications', () => ({
  markNotificationRead: (id: string) => markNotificationRead(id),
  deleteNotification: (id: string) => deleteNotification(id),
  markAllNotificationsRead: vi.fn(),
}));

describe('NotificationItem', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    markNotificationRead.mockReset().mockResolvedValue();
    deleteNotification.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('marks an unread notification read 3 seconds after it is shown, not before', async () => {
    render(<NotificationItem notification={aNotification({ id: 'n-9' })} />);
    expect(screen.getByTestId('notification-item')).toHaveAttribute('data-read', 'false');
    await act(() => vi.advanceTimersByTimeAsync(2900));
    expect(markNotificationRead).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(markNotificationRead).toHaveBeenCalledWith('n-9');
  });

  it('does not mark an already read notification again', async () => {
    render(<NotificationItem notification={aNotification({ is_read: true })} />);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(markNotificationRead).not.toHaveBeenCalled();
  });

  it('shows "Eliminando..." while deleting', async () => {
    deleteNotification.mockReturnValue(new Promise(() => {}));
    render(<NotificationItem notification={aNotification({ is_read: true })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByRole('button', { name: 'Eliminando...' })).toBeDisabled();
  });

  it('says so with a toast when deleting fails, and offers the button again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    deleteNotification.mockRejectedValue(new Error('offline'));
    render(<NotificationItem notification={aNotification({ is_read: true })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('No se pudo eliminar la notificación. Inténtalo de nuevo.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar' })).toBeEnabled();
  });

  it('prints the snippet once when the message already quotes it', () => {
    render(
      <NotificationItem
        notification={aNotification({ message: 'Nuevo comentario en tu chisme: "Qué fuerte lo de…"', data: { chismeId: 'c-1', snippet: 'Qué fuerte lo de…' } })}
      />,
    );
    expect(screen.getAllByText(/Qué fuerte lo de…/)).toHaveLength(1);
  });

  it('prints the snippet of a collapsed notification, whose message does not quote it', () => {
    render(
      <NotificationItem
        notification={aNotification({ message: '3 personas comentaron tu chisme', data: { chismeId: 'c-1', snippet: 'Qué fuerte lo de…' } })}
      />,
    );
    expect(screen.getByText('Qué fuerte lo de…')).toBeInTheDocument();
  });

  it('says which chisme a notice without a snippet is about (one hidden by reports)', () => {
    render(
      <NotificationItem
        notification={aNotification({ type: 'moderation_decision', message: 'Tu chisme ha sido ocultado por varias denuncias.', data: { chismeId: 'c-5' } })}
        renderSubject={(chismeId) => <span>El chisme {chismeId}</span>}
      />,
    );
    expect(screen.getByText('El chisme c-5')).toBeInTheDocument();
  });

  it('keeps "Eliminar" from shrinking when the text beside it is long', () => {
    render(<NotificationItem notification={aNotification({ message: 'A alguien le gustó tu chisme: "Una historia larguísima sin espacios..."' })} />);
    expect(screen.getByRole('button', { name: 'Eliminar' })).toHaveStyle({ flexShrink: '0' });
  });

  it('opens the comments of the related chisme', () => {
    render(<NotificationItem notification={aNotification({ is_read: true, data: { chismeId: 'c-7' } })} />);
    fireEvent.click(screen.getByRole('button', { name: /Ver comentarios/ }));
    expect(dialogStore.get()).toEqual({ kind: 'comments', chismeId: 'c-7' });
  });
});
