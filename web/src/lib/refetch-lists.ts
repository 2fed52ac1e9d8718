// Refetches every cached list whose SWR key starts with one of `prefixes` (e.g. '"feed"'),
// from scratch: after a block only the server knows which rows were that person's (no author
// id ever reaches the client), so the lists are fetched again rather than filtered here.
// The per-page entries are dropped first, so an infinite list refetches every page it shows,
// not only its first.
import type { Cache, ScopedMutator } from 'swr';

export function refetchLists(cache: Cache, mutate: ScopedMutator, prefixes: string[]): void {
  const matches = (key: string) => prefixes.some((prefix) => key.replace(/^\$inf\$/, '').startsWith(`@${prefix}`));
  const keys = [...cache.keys()].filter(matches);
  for (const key of keys) if (!key.startsWith('$inf$')) cache.delete(key);
  for (const key of keys) void mutate(key);
}
