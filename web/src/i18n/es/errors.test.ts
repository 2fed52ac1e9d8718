import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, toApiError } from '../../lib/api-error';
import { knownErrorKeys, messageForErrorKey } from './errors';

describe('database error keys', () => {
  it('maps every key of docs/api.md', () => {
    const documented = [
      'not_authenticated', 'chisme_not_found', 'chisme_content_too_short', 'chisme_content_too_long',
      'chisme_gender_invalid', 'chisme_years_out_of_range', 'chisme_tags_too_many', 'chisme_tag_too_long',
      'content_offensive', 'like_own_chisme', 'like_already_exists', 'like_not_found',
      'comment_content_required', 'comment_content_too_long', 'comment_gender_required',
      'comment_years_out_of_range', 'comment_country_required', 'comment_parent_not_found',
      'comment_depth_exceeded', 'report_already_exists', 'report_own_chisme', 'report_target_not_found',
      'notification_message_too_long', 'offensive_word_duplicate',
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

  it('keeps going when the detail is not JSON', () => {
    expect(errorMessage(toApiError({ message: 'chisme_not_found', details: 'not json' }), 'x')).toBe('Error API: Chisme no encontrado');
    expect(errorMessage(new Error('boom'), 'No se pudo enviar el comentario')).toBe('No se pudo enviar el comentario');
  });
});
