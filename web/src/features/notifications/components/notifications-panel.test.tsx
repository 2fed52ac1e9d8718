import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, waitFor } from '../../../test-utils/render';
import { aNotification } from '../../../test-utils/fixtures';
import { NotificationsPanel } from './notifications-panel';

const getNotifications = vi.fn();
const countNotifications = vi.fn();
const markAllNotificationsRead = vi.fn();
vi.mock('../api/get-notifications', () => ({
  getNotifications: (key: unknown) => getNotifications(key),
  countNotifications: () => countNotifications(),
}));
vi.mock('../api/update-notifications', () => ({
  markAllNotificationsRead: () => markAllNotificationsRead(),
  markNotificationRead: vi.fn().mockResolvedValue(undefined),
  deleteNotification: vi.fn(),
}));

describe('NotificationsPanel', () => {
  beforeEach(() => {
    getNotifications.mockReset();
    countNotifications.mockReset();
    markAllNotificationsRead.mockReset().mockResolvedValue(2);
  });

  it('says "No tienes notificaciones" and "0 Notificaciones" when there are none', async () => {
    getNotifications.mockResolvedValue([]);
    countNotifications.mockResolvedValue(0);
    render(<NotificationsPanel userId="u" />);
    expect(await screen.findByText('No tienes notificaciones')).toBeInTheDocument();
    expect(screen.getByText('0 Notificaciones')).toBeInTheDocument();
  });

  it('highlights unread ones and marks all read', async () => {
    getNotifications.mockResolvedValue([aNotification({ id: 'a' }), aNotification({ id: 'b', message: 'Le gustó tu chisme' })]);
    countNotifications.mockResolvedValue(1);
    render(<NotificationsPanel userId="u" />);
    expect(await screen.findByText('1 Notificación')).toBeInTheDocument();
    expect(screen.getAllByTestId('notification-item').filter((n) => n.dataset.read === 'false')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Marcar todas como leídas' }));
    expect(markAllNotificationsRead).toHaveBeenCalled();
    await waitFor(() => expect(screen.getAllByTestId('notification-item').every((n) => n.dataset.read === 'true')).toBe(true));
  });
});
