// A refusal's detail is checked as it arrives, like any answer (lib/answer-shape.ts).
import { describe, expect, it } from 'vitest';
import { toApiError } from './api-error';

describe('toApiError', () => {
  it('keeps a detail whose known fields have their types, with the fields it does not know', () => {
    const error = toApiError({ message: 'chisme_tag_too_long', details: '{"max":20,"tag":"#larguísima"}', code: 'P0001' });
    expect(error.detail).toEqual({ max: 20, tag: '#larguísima' });
  });

  it('drops a detail with a known field of another type', () => {
    for (const details of ['{"max":"20"}', '{"words":[1]}', '{"until":null}', '[1,2]', '"text"']) {
      expect(toApiError({ message: 'x', details, code: 'P0001' }).detail).toBeNull();
    }
  });
});
