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
  /** One chisme with its comments (a deep link people share). */
  chisme: (id: string) => `/chismes/${encodeURIComponent(id)}`,
  chismePattern: '/chismes/:id',
  profile: '/profile/',
  notifications: '/notifications/',
  moderation: '/moderacion',
  /** The person's statements of reasons and reports, with their complaints. */
  decisions: '/mis-decisiones',
  /** The public transparency report (signed out too). */
  transparency: '/transparencia',
  /** Terms and privacy (signed out too). */
  terms: '/terminos',
  /** Where the password recovery link lands ("Nueva contraseña"). */
  newPassword: '/nueva-contrasena',
} as const;

export const feedTabs: FeedTab[] = ['recent', 'trending', 'top', 'old'];
