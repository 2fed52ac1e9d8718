// File (cotilleo image) viewer texts (spec section 8).
export const files = {
  viewerTitle: 'Imagen del chisme',
  countdown: (s: number) => `Se cerrará en ${s} s`,
  imageAlt: 'Imagen del chisme',
  notAvailable: 'El archivo no está disponible en este momento.',
  notFound: 'Archivo no encontrado o eliminado.',
  noAccess: 'No se pudo acceder al archivo',
  loadProblem: 'Hubo un problema al cargar el archivo',
  loadLater: 'Error al cargar el archivo. Inténtalo de nuevo más tarde.',
  fileError: 'Error de archivo',
  imageError: 'Error al cargar la imagen',
  imageErrorDetail: 'La imagen no se pudo mostrar correctamente.',
  requestError: 'No se pudo cargar el archivo solicitado.',
  /** The cotilleo image's window (the database's, supabase/schemas/25-feed.sql), told to all. */
  window: (minutes: number) => `Las imágenes de cotilleo solo se pueden ver durante ${minutes} minutos desde que se publican.`,
  windowLeft: (minutes: number, left: number) => `La imagen se puede ver ${minutes} minutos: quedan ${left} min`,
  windowOver: (minutes: number) => `La imagen solo se podía ver ${minutes} minutos`,
  windowForAuthor: (minutes: number) => `Se podrá ver solo durante ${minutes} minutos desde que publiques.`,
} as const;
