// SWR keys of the notifications feature.
export const notificationKeys = {
  all: ['notifications'] as const,
  page: (userId: string, page: number) => ['notifications', userId, 'page', page] as const,
  count: (userId: string) => ['notifications', userId, 'count'] as const,
  /** Under 'count' on purpose: the live hook adds one per new notification to every count key
   * and refetches them all when its channel (re)joins. */
  unread: (userId: string) => ['notifications', userId, 'count', 'unread'] as const,
};
