import { describe, expect, it } from 'vitest';
import { addTag } from './tags';

describe('addTag', () => {
  it('stores tags with one leading #', () => {
    expect(addTag([], ' amor ').tags).toEqual(['#amor']);
    expect(addTag([], '##amor').tags).toEqual(['#amor']);
  });
  it('ignores blank tags and duplicates', () => {
    expect(addTag(['#a'], '   ')).toEqual({ tags: ['#a'], error: null });
    expect(addTag(['#a'], 'a')).toEqual({ tags: ['#a'], error: null });
  });
  it('allows at most 3 tags of at most 20 characters', () => {
    expect(addTag(['#a', '#b', '#c'], 'd').error).toBe('Máximo 3 etiquetas');
    expect(addTag([], 'x'.repeat(21)).error).toBe('Cada etiqueta puede tener como máximo 20 caracteres');
    expect(addTag([], 'x'.repeat(20)).tags).toEqual([`#${'x'.repeat(20)}`]);
  });
});
