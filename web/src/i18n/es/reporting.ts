// Reporting (notice and action), the person's decisions and reports, complaints.
export const reporting = {
  dialog: {
    titleChisme: 'Denunciar chisme',
    titleComment: 'Denunciar comentario',
    intro: 'Dinos qué norma incumple. Un moderador revisará tu denuncia y te avisaremos de lo que decida. La persona denunciada nunca sabrá quién la denunció.',
    reasonLabel: 'Motivo',
    explanationLabel: 'Explicación (opcional)',
    explanationHint: 'Qué has visto y por qué incumple la norma. No escribas datos de nadie.',
    next: 'Continuar',
    back: 'Volver',
    cancel: 'Cancelar',
    confirmTitle: 'Confirma la denuncia',
    confirm: (label: string) => `Vas a denunciar este contenido por «${label}». Podrás retirar la denuncia en «Mis denuncias» mientras no se haya decidido.`,
    send: 'Enviar denuncia',
    loadFailed: 'No se pudieron cargar los motivos. Inténtalo de nuevo.',
    chooseReason: 'Elige un motivo',
  },
  comment: {
    success: 'Comentario reportado exitosamente',
  },
} as const;
