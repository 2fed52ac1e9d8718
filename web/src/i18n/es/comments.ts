// Comments dialog texts.
export const comments = {
  title: 'Comentarios',
  listLabel: 'Lista de comentarios',
  empty: 'Aún no hay comentarios. ¡Sé el primero!',
  loadMore: 'Cargar más comentarios',
  reply: 'Responder',
  showReplies: (n: number) => `Ver respuestas (${n})`,
  hideReplies: 'Ocultar respuestas',
  moreReplies: (n: number) => `+${n}`,
  moreRepliesLabel: (n: number) => `Mostrar ${n} respuestas más`,
  replyingTo: (snippet: string) => `Respondiendo a: "${snippet}"`,
  cancelReply: 'Cancelar respuesta',
  content: 'Comentario',
  contentPlaceholder: 'Escribe tu comentario...',
  age: 'Edad',
  submit: 'Enviar comentario',
  submitting: 'Enviando...',
  author: 'Autor',
  anonymous: (n: number) => `Anónimo ${n}`,
  report: 'Reportar comentario',
  success: 'Comentario enviado exitosamente',
  validation: {
    contentRequired: 'El contenido del comentario es obligatorio',
    contentTooLong: 'El comentario no puede exceder los 400 caracteres',
    genderRequired: 'Selecciona un género',
    ageCasual: 'Ingresa una edad válida entre 13 y 100 años',
    ageCotilleo: 'Ingresa una edad válida entre 18 y 100 años',
    countryRequired: 'No se pudo detectar el país',
    signedOut: 'Debes iniciar sesión para comentar',
  },
  errors: {
    send: 'No se pudo enviar el comentario',
    sendGeneric: 'Hubo un error al enviar el comentario',
  },
} as const;

export const commentReport = {
  success: 'Comentario reportado exitosamente',
  failed: 'Error al reportar el comentario',
  confirmTitle: '¿Reportar este comentario?',
  confirmMessage: 'Un moderador lo revisará. Un reporte no se puede retirar.',
  confirm: 'Reportar',
} as const;
