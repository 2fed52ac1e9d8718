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
  /** A signed-out person's notice of a shared chisme or comment (signed out; never shows it). */
  notice: (kind: 'chisme' | 'comment', id: string) => `/denunciar/${kind === 'chisme' ? 'chisme' : 'comentario'}/${encodeURIComponent(id)}`,
  noticePattern: '/denunciar/:kind/:id',
  noticeKinds: { chisme: 'chisme', comment: 'comentario' },
  /** Where a notice's confirmation mail lands (the token in the fragment). */
  noticeConfirm: '/confirmar-denuncia',
  /** Where the password recovery link lands ("Nueva contraseña"). */
  newPassword: '/nueva-contrasena',
} as const;

export const feedTabs: FeedTab[] = ['recent', 'trending', 'top', 'old'];
