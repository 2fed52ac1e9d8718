// People's own controls: blocking an anonymous author, muting a thread, their settings.
export const controls = {
  moreActions: 'Más opciones',
  block: {
    action: 'No ver más a esta persona',
    done: 'Ya no verás a esta persona. Ella no lo sabrá.',
    failed: 'No se pudo bloquear a esta persona. Inténtalo de nuevo.',
    hiddenComment: 'Comentario oculto',
    // Blocks are undone only all at once ("Desbloquear a todas"): it asks first.
    confirmTitle: '¿No ver más a esta persona?',
    confirmMessage:
      'Dejarás de ver sus chismes y comentarios y no te llegarán sus notificaciones. Ella no lo sabrá. Solo podrás deshacerlo desbloqueando a todas las personas desde el menú.',
    confirm: 'No ver más',
  },
  mute: {
    mute: 'Silenciar notificaciones de este chisme',
    unmute: 'Activar notificaciones de este chisme',
    muted: 'No recibirás más notificaciones de este chisme.',
    unmuted: 'Volverás a recibir notificaciones de este chisme.',
    failed: 'No se pudo cambiar las notificaciones de este chisme. Inténtalo de nuevo.',
    loading: 'Cargando...',
  },
  deleteOwn: {
    chisme: 'Eliminar',
    comment: 'Eliminar comentario',
    chismeTitle: '¿Eliminar este chisme?',
    chismeBody:
      'Se borrarán su texto, su imagen, sus me gusta y tus comentarios en él. Si otras personas comentaron, sus comentarios se quedan y en su lugar se verá «Chisme eliminado». No se puede deshacer.',
    commentTitle: '¿Eliminar este comentario?',
    commentBody: 'Si tiene respuestas, ellas se quedan y en su lugar se verá «Comentario eliminado». No se puede deshacer.',
    confirm: 'Eliminar',
    chismeDone: 'Chisme eliminado',
    commentDone: 'Comentario eliminado',
    failed: 'No se pudo eliminar. Inténtalo de nuevo.',
    deletedComment: 'Comentario eliminado',
    deletedChisme: 'Chisme eliminado',
    deletedChismeBody: 'Quien lo escribió lo eliminó. Quedan los comentarios de los demás; ya no admite comentarios nuevos.',
  },
  blockedThread: {
    title: 'Bloqueaste a quien escribió este chisme',
    body: 'Ya no ves su contenido ni puedes comentar aquí. Solo tú ves tus comentarios anteriores en este chisme, y puedes eliminarlos.',
  },
  blocked: {
    title: 'Personas bloqueadas',
    count: (n: number) => (n === 1 ? '1 persona bloqueada' : `${n} personas bloqueadas`),
    unblockAll: 'Desbloquear a todas',
    unblocked: 'Has desbloqueado a todas las personas.',
    failed: 'No se pudo desbloquear. Inténtalo de nuevo.',
    // Nobody can be blocked again from here (the app never knows who they are): it asks first.
    confirmTitle: '¿Desbloquear a todas?',
    confirmMessage: (n: number) =>
      `Volverás a ver los chismes y comentarios de ${n === 1 ? 'la persona que bloqueaste' : `las ${n} personas que bloqueaste`}. No se puede deshacer: para no verlas otra vez tendrías que bloquearlas de nuevo, una a una.`,
  },
} as const;
