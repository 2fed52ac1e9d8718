import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useProgressiveRows } from './use-progressive-rows';

const page = Array.from({ length: 20 }, (_, index) => index);

describe('useProgressiveRows', () => {
  it('commits the first screen of rows, then the whole page', async () => {
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const rows = useProgressiveRows(page, 5);
      seen.push(rows.visible.length);
      return rows;
    });
    await act(async () => {});
    expect(seen[0]).toBe(5);
    expect(result.current).toEqual({ visible: page, complete: true });
  });

  it('shows a short page whole at once', () => {
    const { result } = renderHook(() => useProgressiveRows(page.slice(0, 3), 5));
    expect(result.current).toEqual({ visible: [0, 1, 2], complete: true });
  });
});
