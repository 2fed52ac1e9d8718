// How a live notification changes the cached first page: a new one goes on top; a collapsed
// one that was updated replaces its old row and moves to the top.
import type { AppNotification } from '../../../lib/app-notification';

export function mergeLiveNotification(page: AppNotification[], notification: AppNotification): AppNotification[] {
  return [notification, ...page.filter((n) => n.id !== notification.id)];
}
