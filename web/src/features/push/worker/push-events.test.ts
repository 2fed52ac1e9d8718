import { describe, expect, it, vi } from 'vitest';
import { type ClientsLike, notificationOptions, OPEN_MESSAGE, openFromNotification, parsePushMessage, shouldShow, type WindowLike } from './push-events';

const origin = 'https://chismes.example';
const message = parsePushMessage(
  JSON.stringify({ title: 'Chismes', body: 'Tienes una respuesta nueva en Chismes', tag: 'reply_to_comment:c1', url: '/chismes/c1?notificacion=n1' }),
);

const tab = (url: string, focused = false) => {
  const window: WindowLike = {
    url,
    focused,
    visibilityState: focused ? 'visible' : 'hidden',
    focus: vi.fn((): Promise<unknown> => Promise.resolve()),
    postMessage: vi.fn((_message: unknown): void => undefined),
  };
  return window;
};

describe('the push part of the service worker', () => {
  it("shows the database's text, the app icon, the tag and the path to open", () => {
    expect(notificationOptions(message)).toEqual({
      body: 'Tienes una respuesta nueva en Chismes',
      tag: 'reply_to_comment:c1',
      icon: '/icon-192.png',
      lang: 'es',
      dir: 'ltr',
      data: { url: '/chismes/c1?notificacion=n1' },
    });
  });

  it('a missing or foreign payload becomes the generic message; never another origin', () => {
    expect(parsePushMessage(null)).toEqual({ title: 'Chismes', body: 'Tienes una notificación nueva en Chismes', tag: 'chismes', url: '/notifications/' });
    expect(parsePushMessage('{"url":"https://evil.example/x"}').url).toBe('/notifications/');
    expect(parsePushMessage('{"url":"//evil.example/x"}').url).toBe('/notifications/');
  });

  it('shows it unless the person is looking at that very thread', () => {
    expect(shouldShow(message, [tab(`${origin}/notifications/`, true)])).toBe(true);
    expect(shouldShow(message, [tab(`${origin}/chismes/c1`, false)])).toBe(true);
    expect(shouldShow(message, [tab(`${origin}/chismes/c1`, true)])).toBe(false);
  });

  it('a tap sends an open tab of the app to the thread and focuses it', async () => {
    const app = tab(`${origin}/chismes/`);
    const clients: ClientsLike = { matchAll: () => Promise.resolve([tab('https://other.example/'), app]), openWindow: vi.fn() };
    await openFromNotification('/chismes/c1?notificacion=n1', clients, origin);
    expect(app.postMessage).toHaveBeenCalledWith({ type: OPEN_MESSAGE, url: '/chismes/c1?notificacion=n1' });
    expect(app.focus).toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('with no tab of the app, a tap opens the thread in a new one', async () => {
    const openWindow = vi.fn(() => Promise.resolve(null));
    await openFromNotification('/chismes/c1?notificacion=n1', { matchAll: () => Promise.resolve([]), openWindow }, origin);
    expect(openWindow).toHaveBeenCalledWith('/chismes/c1?notificacion=n1');
  });
});
