// SWR keys of the notifications feature.
export const notificationKeys = {
  all: ['notifications'] as const,
  page: (userId: string, page: number) => ['notifications', userId, 'page', page] as const,
  count: (userId: string) => ['notifications', userId, 'count'] as const,
};
