// The mails of signed-out notices (supabase/schemas/52-notices.sql, docs/decisions/0035-notice-and-action.md):
// the confirmation link and the decision. Plain HTML in the app's Spanish, no remote images or
// fonts, the link written out as text as well (as the account mails, decision 0026); every
// value from the database is escaped.

/** One mail as claim_notice_mails returns it. */
export interface NoticeMail {
  id: string;
  to: string;
  kind: 'confirmation' | 'removed' | 'dismissed';
  token: string | null;
  target: 'chisme' | 'comment';
  reason: string;
  rule: string | null;
  legal_ground: string | null;
}

export interface RenderedNoticeMail {
  to: string;
  subject: string;
  html: string;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const page = (title: string, paragraphs: string[]): string =>
  `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
  `<body style="font-family: sans-serif; line-height: 1.5; max-width: 560px">${paragraphs.map((p) => `<p>${p}</p>`).join('')}</body></html>`;

/** The page the confirmation link opens: the token in the fragment, which no server or Referer sees. */
export function confirmationLink(siteUrl: string, token: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/confirmar-denuncia#${token}`;
}

export const NOTICE_SUBJECTS = {
  confirmation: 'Confirma tu denuncia en Chismes',
  removed: 'Hemos retirado el contenido que denunciaste',
  dismissed: 'Hemos revisado el contenido que denunciaste',
} as const;

export function renderNoticeMail(mail: NoticeMail, siteUrl: string): RenderedNoticeMail {
  const what = mail.target === 'chisme' ? 'un chisme' : 'un comentario';
  const reason = `«${escapeHtml(mail.reason)}»`;
  if (mail.kind === 'confirmation') {
    const link = escapeHtml(confirmationLink(siteUrl, mail.token ?? ''));
    return {
      to: mail.to,
      subject: NOTICE_SUBJECTS.confirmation,
      html: page(NOTICE_SUBJECTS.confirmation, [
        `Alguien ha usado esta dirección para denunciar ${what} de Chismes por ${reason}.`,
        `Si has sido tú, confírmalo en la próxima hora para que llegue a los moderadores: <a href="${link}">Confirmar denuncia</a>`,
        `O copia este enlace en el navegador: ${link}`,
        'Si no has sido tú, ignora este correo: sin confirmar, la denuncia y esta dirección se borran en una hora.',
      ]),
    };
  }
  const ground = [mail.rule, mail.legal_ground].filter((part): part is string => Boolean(part)).map(escapeHtml).join(' ');
  const decision = mail.kind === 'removed'
    ? `Hemos revisado tu denuncia de ${what} por ${reason} y hemos retirado el contenido.${ground ? ` Motivo: ${ground}` : ''}`
    : `Hemos revisado tu denuncia de ${what} por ${reason} y no hemos retirado el contenido: no incumple las normas de Chismes ni, a nuestro juicio, la ley.`;
  return {
    to: mail.to,
    subject: NOTICE_SUBJECTS[mail.kind],
    html: page(NOTICE_SUBJECTS[mail.kind], [
      decision,
      'Gracias por avisar. Hemos borrado tu dirección de correo al cerrar la denuncia: no volverás a recibir mensajes por ella.',
    ]),
  };
}
