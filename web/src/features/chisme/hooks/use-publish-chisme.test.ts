import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { uploadErrorMessage } from './use-publish-chisme';

describe('uploadErrorMessage', () => {
  it.each([
    [new ApiError('file_type_not_allowed', null, 415), 'Error API: Tipo de archivo no permitido'],
    [new ApiError('file_missing', null, 400), 'Error API: No se proporcionó ningún archivo'],
    [new ApiError('file_too_large', null, 413), 'No se pudo subir la imagen'],
    [new Error('Error API: No se pudo comprimir la imagen...'), 'Error API: No se pudo comprimir la imagen...'],
  ])('maps %o', (error, message) => {
    expect(uploadErrorMessage(error)).toBe(message);
  });
});
