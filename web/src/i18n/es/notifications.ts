// Notification list and toast texts.
export const notifications = {
  listLabel: 'Lista de notificaciones',
  empty: 'No tienes notificaciones',
  markAllRead: 'Marcar todas como leídas',
  delete: 'Eliminar',
  deleting: 'Eliminando...',
  unread: 'No leída',
  open: 'Ver comentarios',
  newTitle: 'Nueva notificación',
  loadMore: 'Cargar más notificaciones',
} as const;
