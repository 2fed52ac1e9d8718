// Notification list and toast texts.
export const notifications = {
  listLabel: 'Lista de notificaciones',
  empty: 'No tienes notificaciones',
  markAllRead: 'Marcar todas como leídas',
  delete: 'Eliminar',
  deleting: 'Eliminando...',
  unread: 'No leída',
  open: 'Ver comentarios',
  decisions: 'Ver los motivos y reclamar',
  newTitle: 'Nueva notificación',
  bell: 'Notificaciones',
  bellUnread: (count: number) => (count === 1 ? 'Notificaciones: 1 sin leer' : `Notificaciones: ${count > 99 ? 'más de 99' : count} sin leer`),
  loadMore: 'Cargar más notificaciones',
  deleteFailed: 'No se pudo eliminar la notificación. Inténtalo de nuevo.',
  markAllFailed: 'No se pudieron marcar las notificaciones como leídas. Inténtalo de nuevo.',
} as const;
