import { act, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockTickMs, RelativeTime, relativeTime } from './relative-time';

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

describe('RelativeTime', () => {
  afterEach(() => vi.useRealTimers());

  it('ticks on one clock shared by every label, stopped when none is shown', () => {
    vi.useFakeTimers();
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const clearInterval = vi.spyOn(globalThis, 'clearInterval');
    const created = new Date().toISOString();
    const labels = Array.from({ length: 20 }, (_, i) => createElement('p', { key: i }, createElement(RelativeTime, { iso: created })));
    const { unmount } = render(createElement('div', null, labels));
    expect(screen.getAllByText('Hace un momento')).toHaveLength(20);
    expect(setInterval).toHaveBeenCalledTimes(1);
    expect(setInterval).toHaveBeenCalledWith(expect.any(Function), clockTickMs);
    act(() => vi.advanceTimersByTime(4 * 60_000));
    expect(screen.getAllByText('Hace 4 min')).toHaveLength(20);
    unmount();
    expect(clearInterval).toHaveBeenCalledTimes(1);
  });

  it('does no work while the page is hidden and catches up when it is shown', () => {
    vi.useFakeTimers();
    const hidden = vi.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    render(createElement(RelativeTime, { iso: new Date().toISOString() }));
    act(() => vi.advanceTimersByTime(2 * 60_000));
    expect(screen.getByText('Hace un momento')).toBeInTheDocument();
    hidden.mockReturnValue(false);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(screen.getByText('Hace 2 min')).toBeInTheDocument();
  });
});
