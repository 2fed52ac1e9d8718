import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, toApiError } from '../../lib/api-error';
import { knownErrorKeys, messageForErrorKey } from './errors';

describe('database error keys', () => {
  it('maps every key of docs/api.md', () => {
    const documented = [
      'not_authenticated',
      'chisme_not_found',
      'chisme_content_too_short',
      'chisme_content_too_long',
      'chisme_gender_invalid',
      'chisme_years_out_of_range',
      'chisme_tags_too_many',
      'chisme_tag_too_long',
      'content_offensive',
      'like_own_chisme',
      'like_already_exists',
      'like_not_found',
      'comment_content_required',
      'comment_content_too_long',
      'comment_gender_required',
      'comment_years_out_of_range',
      'comment_country_required',
      'comment_parent_not_found',
      'comment_depth_exceeded',
      'report_already_exists',
      'report_own_chisme',
      'report_target_not_found',
      'notification_message_too_long',
      'offensive_word_duplicate',
      'rate_limited',
      'content_personal_data',
      'report_target_invalid',
      'report_reason_invalid',
      'report_explanation_too_long',
      'report_not_found',
      'report_reason_setting_invalid',
      'moderation_reason_required',
      'moderation_reason_invalid',
      'moderation_setting_invalid',
      'complaint_not_allowed',
      'complaint_too_late',
      'complaint_already_exists',
      'complaint_explanation_required',
      'complaint_explanation_too_long',
      'complaint_not_found',
      'complaint_already_decided',
      'complaint_outcome_invalid',
      'complaint_answer_required',
      'complaint_answer_too_long',
      'transparency_months_invalid',
      'adult_confirmation_required',
      'chisme_adults_only',
      'country_too_long',
      'display_name_invalid',
      'chisme_tags_invalid',
      'chisme_mode_invalid',
      'notification_not_found',
      'profile_setting_invalid',
      'rest_write_not_allowed',
      'new_account_limited',
      'feed_filter_invalid',
      'feed_cursor_invalid',
      'comments_cursor_invalid',
      'moderation_queue_cursor_invalid',
      'text_too_long',
    ];
    expect(documented.filter((key) => !knownErrorKeys.includes(key))).toEqual([]);
  });

  it.each([
    ['chisme_content_too_short', null, 'El chisme debe tener al menos 10 caracteres'],
    ['chisme_content_too_long', null, 'El chisme no puede exceder los 400 caracteres'],
    ['chisme_years_out_of_range', { min: 13, max: 99 }, 'Ingresa una edad válida entre 13 y 99 años'],
    ['chisme_years_out_of_range', { min: 18, max: 99 }, 'Ingresa una edad válida entre 18 y 99 años'],
    ['content_offensive', { words: ['tonto', 'feo'] }, 'Contenido inapropiado detectado: tonto, feo'],
    ['comment_content_required', null, 'El contenido del comentario es obligatorio'],
    ['comment_gender_required', null, 'Selecciona un género'],
    ['comment_country_required', null, 'No se pudo detectar el país'],
    ['report_already_exists', null, 'Ya has reportado este chisme anteriormente'],
    ['report_own_chisme', null, 'No puedes reportar tu propio chisme'],
    ['report_target_not_found', null, 'Error API: Contenido no encontrado'],
    ['notification_message_too_long', null, 'Error API: Mensaje de notificación demasiado largo'],
    ['offensive_word_duplicate', null, 'Esta palabra ya está en la lista de filtrado.'],
    ['chisme_tags_invalid', null, 'Error API: Etiquetas no válidas'],
    ['notification_not_found', null, 'Esta notificación ya no existe.'],
    ['rest_write_not_allowed', null, 'Error API: Operación no permitida'],
    [
      'new_account_limited',
      { action: 'like', retry_after: 1800 },
      'Las cuentas nuevas tienen límites durante su primer día. Espera 30 minutos antes de volver a intentarlo.',
    ],
    ['new_account_limited', null, 'Las cuentas nuevas tienen límites durante su primer día. Espera un momento antes de volver a intentarlo.'],
    ['rate_limited', { action: 'chisme', retry_after: 42 }, 'Vas demasiado rápido. Espera 42 segundos antes de volver a intentarlo.'],
    ['rate_limited', { action: 'comment', retry_after: 3599 }, 'Vas demasiado rápido. Espera 1 hora antes de volver a intentarlo.'],
    ['rate_limited', null, 'Vas demasiado rápido. Espera un momento antes de volver a intentarlo.'],
    ['content_personal_data', { kind: 'phone' }, 'No compartas información personal: quita los números de teléfono.'],
    ['content_personal_data', { kind: 'email' }, 'No compartas información personal: quita los correos electrónicos.'],
    ['content_personal_data', { kind: 'handle' }, 'No compartas información personal: quita los usuarios de redes sociales.'],
    ['report_explanation_too_long', { max: 2000 }, 'La explicación no puede exceder los 2000 caracteres'],
    ['country_too_long', { max: 100 }, 'El país no puede exceder los 100 caracteres'],
    ['text_too_long', { max_bytes: 16000 }, 'El texto es demasiado largo'],
    ['display_name_invalid', { min: 1, max: 100 }, 'El nombre debe tener entre 1 y 100 caracteres'],
  ])('maps %s to the spec text', (key, detail, text) => {
    expect(messageForErrorKey(key, detail, 'fallback')).toBe(text);
  });

  it('tells a suspended user until when, with the date', () => {
    const text = messageForErrorKey('user_suspended', { until: '2026-11-30T09:30:00Z' }, 'x');
    expect(text).toMatch(/^Tu cuenta está suspendida hasta el 30\/11\/2026/);
    expect(text).toContain('Puedes leer, pero no publicar, comentar, dar me gusta ni reportar.');
  });

  it('uses the fallback for an unknown key', () => {
    expect(messageForErrorKey('something_else', null, 'Hubo un error al publicar el chisme')).toBe('Hubo un error al publicar el chisme');
  });

  it('reads the key and JSON detail of a PostgREST error', () => {
    const error = toApiError({ message: 'content_offensive', details: '{"words":["tonto"]}', code: 'P0001' });
    expect(error).toBeInstanceOf(ApiError);
    expect(errorMessage(error, 'x')).toBe('Contenido inapropiado detectado: tonto');
  });

  it('reads the wait of a rate_limited refusal', () => {
    const error = toApiError({ message: 'rate_limited', details: '{"action":"like","retry_after":125}', code: 'P0001' });
    expect(errorMessage(error, 'x')).toBe('Vas demasiado rápido. Espera 3 minutos antes de volver a intentarlo.');
  });

  it('reads the key of a refused REST table write (403)', () => {
    const error = toApiError({
      message: 'rest_write_not_allowed',
      details: '{"hint": "Writes go through the RPCs of docs/api.md"}',
      code: 'rest_write_not_allowed',
      status: 403,
    });
    expect(error.status).toBe(403);
    expect(errorMessage(error, 'x')).toBe('Error API: Operación no permitida');
  });

  it('never shows a raw PostgreSQL error: unknown keys get the fallback', () => {
    const error = toApiError({ message: 'invalid input syntax for type uuid: "x"', code: '22P02' });
    expect(errorMessage(error, 'No se pudo enviar el comentario')).toBe('No se pudo enviar el comentario');
  });

  it('keeps going when the detail is not JSON', () => {
    expect(errorMessage(toApiError({ message: 'chisme_not_found', details: 'not json' }), 'x')).toBe('Error API: Chisme no encontrado');
    expect(errorMessage(new Error('boom'), 'No se pudo enviar el comentario')).toBe('No se pudo enviar el comentario');
  });
});
