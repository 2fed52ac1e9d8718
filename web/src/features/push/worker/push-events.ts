// What the service worker does with a push and with a tap on its notification, apart from the
// worker's globals (push-sw.ts installs them), so that it can be tested. The payload comes
// from the database (62-push.sql): a title, a Spanish body (the notification's text only when
// the person allowed it on the lock screen), a tag per kind and chisme (a newer push replaces
// the older one on the device), and the app path to open.

export const OPEN_MESSAGE = 'chismes:open-notification';

export interface PushMessage {
  title: string;
  body: string;
  tag: string;
  url: string;
}

const fallback: PushMessage = { title: 'Chismes', body: 'Tienes una notificación nueva en Chismes', tag: 'chismes', url: '/notifications/' };

const text = (value: unknown, max: number) => (typeof value === 'string' && value.trim() ? value.slice(0, max) : null);

/** The push's JSON, or the generic message when it is missing or not ours. Never another origin. */
export function parsePushMessage(data: string | null): PushMessage {
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(data ?? '');
    if (parsed && typeof parsed === 'object') value = parsed as Record<string, unknown>;
  } catch {
    // not JSON: the generic message
  }
  const url = text(value.url, 300);
  return {
    title: text(value.title, 100) ?? fallback.title,
    body: text(value.body, 500) ?? fallback.body,
    tag: text(value.tag, 100) ?? fallback.tag,
    url: url && url.startsWith('/') && !url.startsWith('//') ? url : fallback.url,
  };
}

export function notificationOptions(message: PushMessage): NotificationOptions {
  return { body: message.body, tag: message.tag, icon: '/icon-192.png', lang: 'es', dir: 'ltr', data: { url: message.url } };
}

export interface WindowLike {
  url: string;
  focused: boolean;
  visibilityState: DocumentVisibilityState;
  focus(): Promise<unknown>;
  postMessage(message: unknown): void;
}

export interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowLike[]>;
  openWindow(url: string): Promise<unknown>;
}

/** Not when the person is looking at that very thread: the app shows it live there. */
export function shouldShow(message: PushMessage, windows: readonly WindowLike[]): boolean {
  const path = message.url.split('?')[0];
  return !windows.some((client) => client.focused && client.visibilityState === 'visible' && new URL(client.url).pathname === path);
}

/** The thread in the app's open tab (which goes there and marks it read), else in a new one. */
export async function openFromNotification(url: string, clients: ClientsLike, origin: string): Promise<void> {
  const windows = await clients.matchAll({ type: 'window', includeUncontrolled: true });
  const app = windows.find((client) => new URL(client.url).origin === origin);
  if (app) {
    app.postMessage({ type: OPEN_MESSAGE, url });
    await app.focus().catch(() => undefined);
    return;
  }
  await clients.openWindow(url);
}
