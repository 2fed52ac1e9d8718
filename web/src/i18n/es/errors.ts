// The database's stable error keys (docs/api.md) mapped to the spec's Spanish messages.
import { chisme } from './chisme';
import { comments } from './comments';
import { safety } from './safety';

export type ErrorDetail = {
  min?: number;
  max?: number;
  max_bytes?: number;
  words?: string[];
  retry_after?: number;
  action?: string;
  kind?: string;
  until?: string;
} | null;

/** A date as the suspension message shows it: 23/11/2026 09:30. */
export function formatUntil(until: string | undefined): string {
  const date = until ? new Date(until) : null;
  if (!date || Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

const errorMessages: Record<string, (detail: ErrorDetail) => string> = {
  not_authenticated: () => 'Debes iniciar sesión para continuar',
  chisme_not_found: () => 'Error API: Chisme no encontrado',
  chisme_content_too_short: () => chisme.validation.contentTooShort,
  chisme_content_too_long: () => chisme.validation.contentTooLong,
  chisme_gender_invalid: () => chisme.validation.genderRequired,
  chisme_years_out_of_range: (d) => (d?.min === 18 ? chisme.validation.ageCotilleo : chisme.validation.ageCasual),
  chisme_tags_too_many: () => 'Máximo 3 etiquetas',
  chisme_tag_too_long: () => 'Cada etiqueta puede tener como máximo 20 caracteres',
  content_offensive: (d) => chisme.newPost.offensiveWarning((d?.words ?? []).join(', ')),
  like_own_chisme: () => 'No puedes dar me gusta a tu propio chisme',
  like_already_exists: () => 'Ya te gusta este chisme',
  like_not_found: () => 'Aún no te gusta este chisme',
  comment_content_required: () => comments.validation.contentRequired,
  comment_content_too_long: () => comments.validation.contentTooLong,
  comment_gender_required: () => comments.validation.genderRequired,
  comment_years_out_of_range: (d) => (d?.min === 18 ? comments.validation.ageCotilleo : comments.validation.ageCasual),
  comment_country_required: () => comments.validation.countryRequired,
  comment_parent_not_found: () => 'Error API: Comentario no encontrado',
  comment_depth_exceeded: () => 'No se puede responder a este comentario',
  report_already_exists: () => chisme.report.already,
  report_own_chisme: () => chisme.report.own,
  report_target_not_found: () => 'Error API: Contenido no encontrado',
  notification_message_too_long: () => 'Error API: Mensaje de notificación demasiado largo',
  offensive_word_duplicate: () => 'Esta palabra ya está en la lista de filtrado.',
  user_invalid: () => 'Error API: Usuario no válido',
  rate_limited: (d) => safety.rateLimited(d?.retry_after),
  new_account_limited: (d) => safety.newAccountLimited(d?.retry_after),
  content_personal_data: (d) => safety.personalData(d?.kind),
  report_target_invalid: () => 'Error API: Contenido no encontrado',
  report_reason_invalid: () => 'Elige un motivo de la lista.',
  report_explanation_too_long: () => safety.reportExplanationTooLong,
  notice_explanation_invalid: () => 'Explica qué es ilegal y por qué (hasta 2000 caracteres).',
  notice_email_invalid: () => 'Escribe un correo electrónico válido para recibir la respuesta.',
  notice_link_invalid: () => 'Este enlace no es válido o ha caducado (dura una hora). Vuelve a enviar la denuncia.',
  report_not_found: () => 'Esta denuncia ya no se puede retirar: no existe o ya se ha decidido.',
  report_reason_setting_invalid: () => 'Revisa el motivo: código en minúsculas, nombre de hasta 80 caracteres y norma de hasta 500.',
  moderation_reason_required: () => 'Elige el motivo de la decisión.',
  moderation_reason_invalid: () => 'Elige un motivo de la lista.',
  moderation_setting_invalid: () => 'Error API: Ajuste de moderación no válido',
  complaint_not_allowed: () => 'Solo puedes reclamar las decisiones sobre tu contenido o sobre tus denuncias.',
  complaint_too_late: () => 'Han pasado más de seis meses desde la decisión: ya no se puede reclamar.',
  complaint_already_exists: () => 'Ya reclamaste esta decisión.',
  complaint_explanation_required: () => 'Explica por qué no estás de acuerdo.',
  complaint_explanation_too_long: () => 'La explicación no puede exceder los 2000 caracteres.',
  complaint_not_found: () => 'Esta reclamación ya no existe.',
  complaint_already_decided: () => 'Esta reclamación ya está resuelta.',
  complaint_outcome_invalid: () => 'Error API: Decisión no válida',
  complaint_answer_required: () => 'Explica los motivos de la decisión.',
  complaint_answer_too_long: () => 'Los motivos no pueden exceder los 2000 caracteres.',
  transparency_months_invalid: () => 'Error API: Periodo no válido',
  adult_confirmation_required: () => 'El modo cotilleo es solo para mayores de 18 años: actívalo en el menú y confirma tu edad.',
  chisme_adults_only: () => 'Este chisme es del modo cotilleo, solo para mayores de 18 años.',
  country_too_long: () => safety.countryTooLong,
  text_too_long: () => safety.textTooLong,
  display_name_invalid: () => safety.displayNameInvalid,
  user_suspended: (d) => `Tu cuenta está suspendida hasta el ${formatUntil(d?.until)}. Puedes leer, pero no publicar, comentar, dar me gusta ni reportar.`,
  moderator_required: () => 'Solo los moderadores pueden hacer esto.',
  moderation_target_not_found: () => 'Este contenido ya no existe.',
  moderation_target_removed: () => 'Este contenido fue eliminado: solo puede volver si se estima una reclamación.',
  moderation_kind_invalid: () => 'Error API: Tipo de contenido no válido',
  suspension_days_invalid: () => 'La suspensión debe ser de 1, 7 o 30 días.',
  moderation_audit_append_only: () => 'Error API: El registro de moderación no se puede modificar',
  chisme_tags_invalid: () => 'Error API: Etiquetas no válidas',
  chisme_mode_invalid: () => 'Error API: Modo no válido',
  notification_not_found: () => 'Esta notificación ya no existe.',
  profile_setting_invalid: () => 'Error API: Ajuste no válido',
  rest_write_not_allowed: () => 'Error API: Operación no permitida',
  feed_filter_invalid: () => 'Error API: Filtro no válido',
  feed_cursor_invalid: () => 'Error API: Página no válida',
  comments_cursor_invalid: () => 'Error API: Página no válida',
  moderation_queue_cursor_invalid: () => 'Error API: Página no válida',
  block_target_not_found: () => 'Este contenido ya no existe.',
  block_own_content: () => 'No puedes bloquearte a ti mismo.',
  mute_target_not_found: () => 'Solo puedes silenciar los chismes que escribiste o comentaste.',
  password_invalid: () => 'La contraseña no es correcta',
  push_subscription_invalid: () => 'Este navegador no dio una suscripción válida para los avisos.',
  push_settings_invalid: () => 'Error API: Ajuste de avisos no válido',
  chisme_author_blocked: () => 'Bloqueaste a quien escribió este chisme: ya no puedes comentar ni dar me gusta aquí.',
  comment_not_found: () => 'Este comentario ya no existe.',
  block_limit_reached: (d) => `Has llegado al máximo de ${String(d?.max ?? 1000)} personas bloqueadas.`,
};

/** The Spanish message for a database error key, or `fallback` when the key is unknown. */
export function messageForErrorKey(key: string, detail: ErrorDetail, fallback: string): string {
  const toMessage = errorMessages[key];
  return toMessage ? toMessage(detail) : fallback;
}

export const knownErrorKeys = Object.keys(errorMessages);
