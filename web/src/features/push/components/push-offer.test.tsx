import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, waitFor } from '../../../test-utils/render';
import { PushOffer } from './push-offer';

const rpc = vi.fn();
const invoke = vi.fn();
vi.mock('../../../lib/supabase', () => ({
  supabase: { rpc: (...args: unknown[]) => rpc(...args), functions: { invoke: (...args: unknown[]) => invoke(...args) } },
}));

const subscription = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  options: { applicationServerKey: null },
  toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: 'BPkey', auth: 'secret' } }),
  unsubscribe: vi.fn(() => Promise.resolve(true)),
};
const pushManager = { getSubscription: vi.fn(() => Promise.resolve(null)), subscribe: vi.fn(() => Promise.resolve(subscription)) };
const requestPermission = vi.fn();
let userCount = 0;
const nextUser = () => `user-${++userCount}`;

function browserWithPush(permission: NotificationPermission) {
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', class {});
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration), getRegistration: () => Promise.resolve(registration), addEventListener() {}, removeEventListener() {} },
  });
}

beforeEach(() => {
  rpc.mockReset().mockResolvedValue({ data: null, error: null });
  invoke
    .mockReset()
    .mockResolvedValue({ data: { publicKey: 'BAl6pjbVGYwIniWKY3xiAnmnQwuzD4rESVtXRuvnuTsQEZzEme3Ur1Dcun4wvBIEL74QtZpU0A6armEnVXrCReA' }, error: null });
  requestPermission.mockReset().mockResolvedValue('granted');
  pushManager.subscribe.mockClear();
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushOffer', () => {
  it('asks the browser only when the person taps "Avísame aunque Chismes esté cerrado", then saves the subscription', async () => {
    browserWithPush('default');
    render(<PushOffer userId={nextUser()} />);
    const button = await screen.findByRole('button', { name: 'Avísame aunque Chismes esté cerrado' });
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.setup().click(button);
    await waitFor(() =>
      expect(rpc).toHaveBeenCalledWith(
        'save_push_subscription',
        expect.objectContaining({ p_endpoint: subscription.endpoint, p_p256dh: 'BPkey', p_auth: 'secret' }),
        undefined,
      ),
    );
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    await waitFor(() => expect(screen.queryByTestId('push-offer')).toBeNull());
  });

  it('a refused permission says so in one line and subscribes nothing', async () => {
    browserWithPush('default');
    requestPermission.mockResolvedValue('denied');
    render(<PushOffer userId={nextUser()} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Avísame aunque Chismes esté cerrado' }));
    expect(await screen.findByText(/Has bloqueado los avisos de Chismes/)).toBeInTheDocument();
    expect(pushManager.subscribe).not.toHaveBeenCalled();
  });

  it('on an iPhone without the app on the home screen: add it first', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Safari/604.1');
    render(<PushOffer userId={nextUser()} />);
    expect(await screen.findByText(/añade Chismes a la pantalla de inicio/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Avísame aunque Chismes esté cerrado' })).toBeNull();
  });
});
