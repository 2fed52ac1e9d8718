import { describe, expect, it } from 'vitest';
import { validateComment } from './validate-comment';

const ok = { content: 'Qué fuerte', gender: 'Hombre', age: '30', country: 'Chile' };

describe('validateComment', () => {
  it('requires content', () => {
    expect(validateComment({ ...ok, content: '   ' }, false)).toEqual({ field: 'content', message: 'El contenido del comentario es obligatorio' });
  });
  it('allows at most 400 characters', () => {
    expect(validateComment({ ...ok, content: 'x'.repeat(401) }, false)).toEqual({
      field: 'content',
      message: 'El comentario no puede exceder los 400 caracteres',
    });
    expect(validateComment({ ...ok, content: 'x'.repeat(400) }, false)).toBeNull();
  });
  it('requires a gender', () => {
    expect(validateComment({ ...ok, gender: null }, false)).toEqual({ field: 'gender', message: 'Selecciona un género' });
  });
  it('requires an age of 13 to 100, or 18 to 100 in cotilleo', () => {
    expect(validateComment({ ...ok, age: '12' }, false)).toEqual({ field: 'age', message: 'Ingresa una edad válida entre 13 y 100 años' });
    expect(validateComment({ ...ok, age: '17' }, true)).toEqual({ field: 'age', message: 'Ingresa una edad válida entre 18 y 100 años' });
    expect(validateComment({ ...ok, age: '18' }, true)).toBeNull();
  });
  it('requires a detected country', () => {
    expect(validateComment({ ...ok, country: null }, false)).toEqual({ field: null, message: 'No se pudo detectar el país' });
  });
});
