// Profile screen texts (spec section 2).
export const profile = {
  tabsLabel: 'Perfil',
  myChismes: 'Mis Chismes',
  notifications: 'Notificaciones',
  chismesCount: (n: number, cotilleo: boolean) => `${n} ${n === 1 ? 'Chisme' : 'Chismes'} ${cotilleo ? 'cotilleo' : 'casuales'}`,
  notificationsCount: (n: number) => `${n} ${n === 1 ? 'Notificación' : 'Notificaciones'}`,
  noChismes: 'Oh, no! Aún no has publicado nada',
  signedOut: 'Debes iniciar sesión para ver tu perfil',
  loadError: 'No se pudieron cargar tus chismes o notificaciones',
} as const;
