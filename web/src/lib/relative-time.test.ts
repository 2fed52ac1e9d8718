import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = Date.parse('2026-01-10T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('says "Hace un momento" under 60 seconds', () => {
    expect(relativeTime(ago(0), now)).toBe('Hace un momento');
    expect(relativeTime(ago(59), now)).toBe('Hace un momento');
  });
  it('counts minutes under an hour', () => {
    expect(relativeTime(ago(60), now)).toBe('Hace 1 min');
    expect(relativeTime(ago(59 * 60 + 59), now)).toBe('Hace 59 min');
  });
  it('counts hours under a day', () => {
    expect(relativeTime(ago(3600), now)).toBe('Hace 1 h');
    expect(relativeTime(ago(23 * 3600 + 3599), now)).toBe('Hace 23 h');
  });
  it('counts days from 24 hours on', () => {
    expect(relativeTime(ago(24 * 3600), now)).toBe('Hace 1 días');
    expect(relativeTime(ago(10 * 24 * 3600), now)).toBe('Hace 10 días');
  });
  it('treats a clock slightly ahead as just now', () => {
    expect(relativeTime(ago(-5), now)).toBe('Hace un momento');
  });
});
