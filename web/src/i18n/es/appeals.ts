// Appeals of chismes hidden by reports.
export const appeals = {
  hidden: 'Oculto por denuncias',
  explain: 'Otras personas lo denunciaron y ya no lo ven. Puedes pedir una revisión una sola vez.',
  appeal: 'Pedir revisión',
  appealed: 'Has pedido una revisión. Te avisaremos cuando un moderador decida.',
  sent: 'Revisión pedida. Te avisaremos cuando un moderador decida.',
  failed: 'No se pudo pedir la revisión. Inténtalo de nuevo.',
  queueTitle: (n: number) => (n === 1 ? '1 apelación' : `${n} apelaciones`),
  reports: (n: number) => (n === 1 ? '1 denuncia' : `${n} denuncias`),
  restore: 'Restaurar',
  remove: 'Eliminar',
  decideFailed: 'No se pudo guardar la decisión. Inténtalo de nuevo.',
  restored: 'Chisme restaurado',
  removed: 'Chisme eliminado',
} as const;
