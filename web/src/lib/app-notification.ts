// A notification as the list shows it: the generated row of public.notifications, whose `data`
// is jsonb (the generator says `Json`). What the list reads from it is checked where a page
// arrives (lib/answer-shape.ts says why), so a notification whose data is not that shape fails
// the page instead of rendering a wrong link.
import { expectAnswer } from './answer-shape';
import type { Tables } from './database';

/** What private.notify puts in `data` that the list uses (other keys, e.g. a moderation decision, pass through). */
export type NotificationData = {
  chismeId?: string;
  commentId?: string;
  snippet?: string;
  /** A moderation decision's statement of reasons, a report's decision, a complaint's answer ("Mis decisiones"). */
  statementId?: string;
  reportId?: string;
  complaintId?: string;
};

export type AppNotification = Omit<Tables<'notifications'>, 'data'> & { data: NotificationData };

const dataKeys = ['chismeId', 'commentId', 'snippet', 'statementId', 'reportId', 'complaintId'] as const;

function isNotificationData(value: unknown): value is NotificationData {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return dataKeys.every((key) => {
    const field: unknown = Reflect.get(value, key);
    return field === undefined || typeof field === 'string';
  });
}

export function expectNotification(row: Tables<'notifications'>): AppNotification {
  return { ...row, data: expectAnswer(row.data, isNotificationData, 'notifications') };
}
