// The person's decisions and reports (/mis-decisiones) and the complaint dialog.
export const decisions = {
  title: 'Mis decisiones y denuncias',
  intro:
    'Aquí ves cada decisión de moderación sobre tu contenido o tu cuenta, con sus motivos, y la respuesta a cada denuncia que hiciste. Puedes reclamar durante seis meses: un moderador (una persona, nunca un automatismo) revisará tu reclamación y te explicará su decisión.',
  statementsTitle: 'Decisiones sobre tu contenido y tu cuenta',
  statementsEmpty: 'No hay ninguna decisión sobre tu contenido ni tu cuenta.',
  reportsTitle: 'Tus denuncias',
  reportsEmpty: 'No has hecho ninguna denuncia.',
  loadFailed: 'No se pudo cargar la lista. Inténtalo de nuevo.',
  what: {
    chisme: 'Tu chisme',
    comment: 'Tu comentario',
    account: 'Tu cuenta',
  } as Record<string, string>,
  decision: {
    hidden: 'Ocultado',
    deleted: 'Eliminado',
    suspended: 'Suspendida',
  } as Record<string, string>,
  suspendedUntil: (until: string) => `Suspendida hasta el ${until}. Puedes leer, pero no publicar, comentar, dar me gusta ni reportar.`,
  facts: {
    reports: (n: number) => (n === 1 ? 'Hechos: 1 denuncia recibida.' : `Hechos: ${n} denuncias recibidas.`),
    own_initiative: () => 'Hechos: lo detectó un moderador por su cuenta.',
    repeated_illegal: () => 'Hechos: se retiró contenido tuyo por ser ilegal varias veces.',
  },
  automated: 'Decidido de forma automática: se oculta sin revisión humana al alcanzar el número de denuncias indicado; un moderador lo revisa después.',
  human: 'Decidido por un moderador.',
  rule: 'Norma incumplida',
  legalGround: 'Fundamento legal',
  explanation: 'Explicación del moderador',
  thresholds: (t: Record<string, unknown>) =>
    `Umbrales: se oculta al llegar a ${String(t.hide_threshold)} denuncias; tras ${String(t.illegal_warn_after)} retiradas por contenido ilegal en ${String(t.complaint_window_days ?? 183)} días recibes un aviso y con ${String(t.illegal_suspend_after)} se suspende tu cuenta ${String(t.illegal_suspend_days)} días; si ${String(t.unfounded_mute_after)} de tus denuncias son claramente infundadas dejan de contar ${String(t.unfounded_mute_days)} días.`,
  complainUntil: (date: string) => `Puedes reclamar hasta el ${date}.`,
  tooLate: 'El plazo para reclamar ha terminado.',
  reversed: 'Decisión revocada.',
  // a moderator's removal is kept until the complaint window closes (decision record 0036, "Removal")
  removal: {
    kept: (date: string) =>
      `Ya no lo ve nadie, tampoco tú. Lo guardamos hasta el ${date} por si reclamas: si te damos la razón vuelve tal cual, con sus comentarios y me gusta; si no, se borra definitivamente.`,
    keptForComplaint: 'Ya no lo ve nadie, tampoco tú. Lo guardamos hasta que se resuelva tu reclamación.',
    restored: 'Restaurado: vuelve a estar publicado, con sus comentarios y me gusta.',
    purged: 'Borrado definitivamente.',
    inProfile: (n: number) =>
      n === 1
        ? 'Un moderador ha retirado 1 publicación tuya: no la ve nadie, tampoco aquí, mientras puedas reclamar; después se borra definitivamente.'
        : `Un moderador ha retirado ${n} publicaciones tuyas: no las ve nadie, tampoco aquí, mientras puedas reclamar; después se borran definitivamente.`,
    readStatements: 'Ver los motivos y reclamar en «Mis decisiones»',
  },
  complain: 'Reclamar',
  complaintPending: 'Reclamación enviada: un moderador la revisará y te avisaremos.',
  complaintOutcome: { upheld: 'Reclamación resuelta: se mantiene la decisión.', reversed: 'Reclamación resuelta: se revoca la decisión.' } as Record<
    string,
    string
  >,
  complaintAnswer: 'Motivos',
  report: {
    of: { chisme: 'Denuncia de un chisme', comment: 'Denuncia de un comentario' } as Record<string, string>,
    reason: (label: string) => `Motivo: ${label}`,
    pending: 'Pendiente de revisión.',
    removed: 'Decisión: hemos retirado el contenido.',
    dismissed: 'Decisión: no hemos retirado el contenido.',
    withdraw: 'Retirar denuncia',
    withdrawConfirm: '¿Retirar esta denuncia? Dejará de contar.',
    withdrawn: 'Denuncia retirada',
  },
  dialog: {
    title: 'Reclamar la decisión',
    intro: 'Explica por qué crees que la decisión es un error. Un moderador la revisará y te responderá con sus motivos.',
    label: 'Tu explicación',
    next: 'Continuar',
    confirm: 'Vas a enviar tu reclamación. Solo se puede reclamar una vez cada decisión.',
    send: 'Enviar reclamación',
    back: 'Volver',
    cancel: 'Cancelar',
    sent: 'Reclamación enviada. Te avisaremos cuando un moderador decida.',
    failed: 'No se pudo enviar la reclamación. Inténtalo de nuevo.',
  },
  confirm: 'Confirmar',
  cancel: 'Cancelar',
} as const;
