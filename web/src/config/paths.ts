// Every route of the app as data, so links never spell paths by hand.
export type FeedTab = 'recent' | 'trending' | 'top' | 'old';

export const paths = {
  home: '/',
  login: '/login',
  feed: {
    recent: '/chismes/',
    trending: '/chismes/tranding/',
    top: '/chismes/top/',
    old: '/chismes/old/',
  } satisfies Record<FeedTab, string>,
  profile: '/profile/',
  notifications: '/notifications/',
  moderation: '/moderacion',
} as const;

export const feedTabs: FeedTab[] = ['recent', 'trending', 'top', 'old'];
