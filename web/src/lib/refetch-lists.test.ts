import { describe, expect, it, vi } from 'vitest';
import type { Cache, ScopedMutator } from 'swr';
import { refetchLists } from './refetch-lists';

describe('refetchLists', () => {
  it('drops the matching pages and revalidates the matching lists, leaving others alone', () => {
    const entries = new Map<string, { data: unknown }>([
      ['$inf$@"feed","recent",false,', { data: [[1]] }],
      ['@"feed","recent",false,null,', { data: [1] }],
      ['@"comments","c1",null,', { data: [2] }],
      ['@"notifications","u","count",', { data: 3 }],
    ]);
    const cache = { keys: () => entries.keys(), delete: (key: string) => entries.delete(key) } as unknown as Cache;
    const mutate = vi.fn() as unknown as ScopedMutator;
    refetchLists(cache, mutate, ['"feed"', '"comments"']);
    expect([...entries.keys()]).toEqual(['$inf$@"feed","recent",false,', '@"notifications","u","count",']);
    expect(vi.mocked(mutate).mock.calls.map(([key]) => key)).toEqual([
      '$inf$@"feed","recent",false,',
      '@"feed","recent",false,null,',
      '@"comments","c1",null,',
    ]);
  });
});
