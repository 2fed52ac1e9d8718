import { describe, expect, it } from 'vitest';
import { formatWait } from './safety';

describe('formatWait', () => {
  it.each([
    [0.2, '1 segundo'],
    [1, '1 segundo'],
    [59, '59 segundos'],
    [60, '1 minuto'],
    [61, '2 minutos'],
    [3599, '1 hora'],
    [3601, '2 horas'],
  ])('%s seconds read as "%s"', (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
});
