import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, testUser } from '../../../test-utils/render';
import { aNotification } from '../../../test-utils/fixtures';
import type { AppNotification } from '../../../types/api';
import { useNotifications } from './use-notifications';
import { useNotificationsRealtime } from './use-notifications-realtime';

let joined: ((status: string) => void) | undefined;
vi.mock('../../../lib/supabase', () => {
  const channel = {
    on: () => channel,
    subscribe: (callback?: (status: string) => void) => {
      joined = callback;
      return channel;
    },
  };
  return { supabase: { channel: () => channel, removeChannel: vi.fn() } };
});
const getNotifications = vi.fn<() => Promise<AppNotification[]>>();
const countNotifications = vi.fn<() => Promise<number>>();
vi.mock('../api/get-notifications', () => ({
  getNotifications: () => getNotifications(),
  countNotifications: () => countNotifications(),
}));

function Inbox() {
  useNotificationsRealtime(testUser.id);
  const { notifications, total } = useNotifications(testUser.id);
  return <p>{`${total ?? '…'} · ${notifications.map((n) => n.message).join(', ')}`}</p>;
}

describe('notifications realtime', () => {
  beforeEach(() => {
    joined = undefined;
    getNotifications.mockReset().mockResolvedValue([aNotification({ id: 'a', message: 'primera' })]);
    countNotifications.mockReset().mockResolvedValue(1);
  });

  it('fetches the list and the count again when the channel joins, so one sent before the join is not lost', async () => {
    render(<Inbox />);
    await screen.findByText('1 · primera');
    // a notification was created between the fetch and the join: its broadcast never reaches us
    getNotifications.mockResolvedValue([aNotification({ id: 'b', message: 'segunda' }), aNotification({ id: 'a', message: 'primera' })]);
    countNotifications.mockResolvedValue(2);
    act(() => joined?.('TIMED_OUT'));
    expect(screen.getByText('1 · primera')).toBeInTheDocument();
    act(() => joined?.('SUBSCRIBED'));
    await screen.findByText('2 · segunda, primera');
  });
});
