// Signed-out notices (docs/decisions/0035-notice-and-action.md): the form a shared link leads
// to, and the page its confirmation mail opens.
export const notices = {
  loginLink: '¿No tienes cuenta? Denuncia contenido ilegal sin iniciar sesión',
  form: {
    title: 'Denunciar contenido',
    intro: {
      chisme: 'Vas a denunciar el chisme del enlace que has abierto. No te lo mostramos aquí: para verlo hace falta iniciar sesión.',
      comment: 'Vas a denunciar el comentario del enlace que has abierto. No te lo mostramos aquí: para verlo hace falta iniciar sesión.',
    },
    reason: 'Motivo',
    explanation: 'Explica qué es ilegal y por qué',
    explanationHint: 'Por ejemplo: qué datos tuyos aparecen o qué norma incumple. Hasta 2000 caracteres.',
    email: 'Tu correo electrónico',
    emailHint: 'Te enviaremos un enlace para confirmar la denuncia y, después, la decisión. Lo borramos al cerrar la denuncia.',
    submit: 'Enviar denuncia',
    sending: 'Enviando…',
    reasonsError: 'No pudimos cargar los motivos. Recarga la página.',
    failed: 'No pudimos enviar la denuncia. Inténtalo de nuevo.',
    signedIn: 'Con la sesión iniciada, denuncia desde el propio chisme o comentario.',
    backToChisme: 'Ir al chisme',
    invalidLink: 'Este enlace no lleva a ningún contenido que se pueda denunciar.',
  },
  sent: {
    title: 'Revisa tu correo',
    body: (email: string) =>
      `Te hemos enviado un correo a ${email}. Abre el enlace en la próxima hora para confirmar la denuncia; sin confirmar, no llega a los moderadores y se borra.`,
  },
  confirm: {
    title: 'Confirmar denuncia',
    working: 'Confirmando tu denuncia…',
    done: 'Denuncia confirmada',
    doneBody: 'Los moderadores la revisarán. Te escribiremos con la decisión y después borraremos tu correo.',
    failed: 'No pudimos confirmar la denuncia. Inténtalo de nuevo.',
    retry: 'Reintentar',
    home: 'Ir al inicio',
  },
} as const;
