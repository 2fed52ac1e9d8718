import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, testUser } from '../../../test-utils/render';
import { aNotification } from '../../../test-utils/fixtures';
import { fakeRealtime } from '../../../test-utils/fake-realtime';
import type { AppNotification } from '../../../lib/app-notification';
import { useNotifications } from './use-notifications';
import { useNotificationsRealtime } from './use-notifications-realtime';

vi.mock('../../../lib/supabase', async () => {
  const { fakeRealtime } = await import('../../../test-utils/fake-realtime');
  return { supabase: { channel: fakeRealtime.channel, removeChannel: fakeRealtime.removeChannel } };
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
    fakeRealtime.reset();
    getNotifications.mockReset().mockResolvedValue([aNotification({ id: 'a', message: 'primera' })]);
    countNotifications.mockReset().mockResolvedValue(1);
  });

  it('fetches the list and the count again when the channel joins, so one sent before the join is not lost', async () => {
    render(<Inbox />);
    await screen.findByText('1 · primera');
    // a notification was created between the fetch and the join: its broadcast never reaches us
    getNotifications.mockResolvedValue([aNotification({ id: 'b', message: 'segunda' }), aNotification({ id: 'a', message: 'primera' })]);
    countNotifications.mockResolvedValue(2);
    fakeRealtime.status('TIMED_OUT');
    expect(screen.getByText('1 · primera')).toBeInTheDocument();
    fakeRealtime.status('SUBSCRIBED');
    await screen.findByText('2 · segunda, primera');
  });

  it('takes one message with every row of the interval: new ones on top and counted, collapsed ones replaced', async () => {
    render(<Inbox />);
    await screen.findByText('1 · primera');
    fakeRealtime.emitTo(`notifications:${testUser.id}`, 'notifications', {
      created: [aNotification({ id: 'b', message: 'segunda' }), aNotification({ id: 'c', message: 'tercera' })],
      updated: [aNotification({ id: 'a', message: '3 personas comentaron tu chisme' }), aNotification({ id: 'gone', message: 'fuera de la lista' })],
    });
    // one render of the list: the newest on top, the collapsed row moved up, the unknown one left out
    expect(await screen.findByText('3 · 3 personas comentaron tu chisme, tercera, segunda')).toBeInTheDocument();
    expect(getNotifications).toHaveBeenCalledTimes(1);
  });
});
