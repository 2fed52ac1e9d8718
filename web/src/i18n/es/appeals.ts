// Chismes hidden by reports, under the author's own chisme.
export const appeals = {
  hidden: 'Oculto por denuncias',
  explain: 'Otras personas lo denunciaron y se ha ocultado automáticamente. Si crees que es un error, puedes reclamar.',
  appeal: 'Reclamar',
  appealed: 'Has reclamado esta decisión. Te avisaremos cuando un moderador decida.',
  readStatement: 'Ver los motivos en «Mis decisiones»',
} as const;
