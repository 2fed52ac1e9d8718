// The service worker's push part: built on its own into /push-sw.js
// (web/vite-plugins/push-worker.ts) and loaded by the Workbox worker with importScripts
// (web/vite.config.ts). Every push shows a notification (browsers require it), except for
// the thread the person is looking at.
import { notificationOptions, openFromNotification, parsePushMessage, shouldShow, type ClientsLike } from './push-events';

interface ExtendableEventLike extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { text(): string } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: Notification;
}
interface WorkerScope {
  clients: ClientsLike;
  registration: ServiceWorkerRegistration;
  location: Location;
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEventLike) => void): void;
}

const scope = self as unknown as WorkerScope;

scope.addEventListener('push', (event) => {
  const message = parsePushMessage(event.data?.text() ?? null);
  event.waitUntil(
    scope.clients
      .matchAll({ type: 'window', includeUncontrolled: true })
      .then((windows) => (shouldShow(message, windows) ? scope.registration.showNotification(message.title, notificationOptions(message)) : undefined)),
  );
});

scope.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = parsePushMessage(JSON.stringify({ url: (event.notification.data as { url?: unknown } | null)?.url })).url;
  event.waitUntil(openFromNotification(url, scope.clients, scope.location.origin));
});
