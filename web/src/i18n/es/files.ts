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
} as const;
