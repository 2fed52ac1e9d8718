import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '../../../test-utils/render';
import { NotificationsBell } from './notifications-bell';

const countUnread = vi.fn();
vi.mock('../api/count-unread-notifications', () => ({ countUnreadNotifications: () => countUnread() }));

describe('NotificationsBell', () => {
  beforeEach(() => countUnread.mockReset());

  it('links to the notifications and says how many are unread', async () => {
    countUnread.mockResolvedValue(3);
    render(<NotificationsBell userId="u" />);
    const bell = await screen.findByRole('link', { name: 'Notificaciones: 3 sin leer' });
    expect(bell).toHaveAttribute('href', '/notifications/');
    expect(screen.getByText('3')).toBeInTheDocument();
  });

  it('shows "99+" past 99', async () => {
    countUnread.mockResolvedValue(120);
    render(<NotificationsBell userId="u" />);
    expect(await screen.findByText('99+')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notificaciones: más de 99 sin leer' })).toBeInTheDocument();
  });

  it('shows no number when everything is read', async () => {
    countUnread.mockResolvedValue(0);
    render(<NotificationsBell userId="u" />);
    expect(await screen.findByRole('link', { name: 'Notificaciones' })).toBeInTheDocument();
    expect(screen.queryByText('0')).not.toBeInTheDocument();
  });
});
