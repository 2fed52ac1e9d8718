import { describe, expect, it } from 'vitest';
import { cleanContent, validateNewChisme } from './validate-new-chisme';

const ok = { gender: 'Mujer', age: '25', content: 'Un chisme bastante largo' };

describe('validateNewChisme', () => {
  it('requires a gender', () => {
    expect(validateNewChisme({ ...ok, gender: null }, false)).toEqual({ field: 'gender', message: 'Por favor, selecciona tu género' });
  });
  it('requires an age between 13 and 99 in casual mode', () => {
    expect(validateNewChisme({ ...ok, age: '12' }, false)).toEqual({ field: 'age', message: 'Ingresa una edad válida entre 13 y 99 años' });
    expect(validateNewChisme({ ...ok, age: '' }, false)).toEqual({ field: 'age', message: 'Ingresa una edad válida entre 13 y 99 años' });
    expect(validateNewChisme({ ...ok, age: '13' }, false)).toBeNull();
  });
  it('requires an age between 18 and 99 in cotilleo mode', () => {
    expect(validateNewChisme({ ...ok, age: '17' }, true)).toEqual({ field: 'age', message: 'Ingresa una edad válida entre 18 y 99 años' });
    expect(validateNewChisme({ ...ok, age: '18' }, true)).toBeNull();
  });
  it('requires 10 to 400 characters after removing markup', () => {
    expect(validateNewChisme({ ...ok, content: '  <b>corto</b>   ' }, false)).toEqual({
      field: 'content',
      message: 'El chisme debe tener al menos 10 caracteres',
    });
    expect(validateNewChisme({ ...ok, content: 'x'.repeat(401) }, false)).toEqual({
      field: 'content',
      message: 'El chisme no puede exceder los 400 caracteres',
    });
    expect(validateNewChisme({ ...ok, content: 'x'.repeat(400) }, false)).toBeNull();
  });
  it('strips script blocks and tags', () => {
    expect(cleanContent(' hola <script>alert(1)</script><i>mundo</i> ')).toBe('hola mundo');
  });
});
