// The one owner of the app's cached lists, through SWR's public API only (no code reads SWR's
// key serialisation; lib/cached-lists.test.ts fails if one does):
// - infinite lists (feeds, threads, notifications) register here while mounted, with their
//   kind, first page key and their hook's bound `mutate`; patches go through that mutate;
// - plain keys are found with a key filter over the arrays the app itself made
//   (`['chisme', id]`, `['my-chismes', …]`, `['notifications', user, 'count', …]`).
// A patch never lands while its list fetches a page: SWR drops a page whose fetch a mutation
// overtook (infinite scroll then stalls for good), so patches wait and land together after it.
// A patch of rows in place (live counts) lands on the list's page entries too: SWR refetches a
// page whose entry differs from the list's copy of it at the next page load.
import { useEffect, useRef } from 'react';
import { type ScopedMutator, useSWRConfig } from 'swr';
import type { SWRInfiniteResponse } from 'swr/infinite';

export type ListKind = 'feed' | 'comments' | 'notifications';
type Pages = readonly unknown[][];
type PagesPatch = (pages: Pages) => Pages | null;
/** `inPlace`: the patch changes rows where they are (never adds, drops or moves one), so it
 * applies to each page alone as well. */
type Patch = { pages: PagesPatch; inPlace: boolean };

type Entry = {
  kind: ListKind;
  /** The list's first page key (e.g. `['feed', tab, cotilleo, filters, null]`). */
  firstKey: readonly unknown[];
  update: (patch: Patch) => void;
  refetch: () => void;
};

const lists = new Set<Entry>();

/** Registers a mounted infinite list with the owner (call it in the hook that makes the list). */
export function useCachedList<T>(kind: ListKind, firstKey: readonly unknown[], swr: SWRInfiniteResponse<T[]>): void {
  const { mutate } = useSWRConfig();
  const current = useRef({ swr, mutate, kind });
  current.current = { swr, mutate, kind };
  const pending = useRef<Patch[]>([]);
  const apply = useRef(() => {
    if (pending.current.length === 0) return;
    const patches = pending.current.splice(0);
    const patchAll = (pages: Pages) => patches.reduce<Pages>((next, patch) => patch.pages(next) ?? next, pages);
    void current.current.swr.mutate((pages) => (pages ? (patchAll(pages) as T[][]) : pages), { revalidate: false });
    const inPlace = patches.filter((patch) => patch.inPlace);
    if (inPlace.length === 0) return;
    void current.current.mutate(
      keysOf(current.current.kind),
      (page: unknown) => (Array.isArray(page) ? inPlace.reduce<Pages>((next, patch) => patch.pages(next) ?? next, [page])[0] : page),
      { revalidate: false },
    );
  });
  const isValidating = swr.isValidating;
  const keyText = JSON.stringify(firstKey);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `keyText` stands for `firstKey` (a fresh array each render).
  useEffect(() => {
    const entry: Entry = {
      kind,
      firstKey,
      update: (patch) => {
        pending.current.push(patch);
        if (!current.current.swr.isValidating) apply.current();
      },
      refetch: () => void current.current.swr.mutate(),
    };
    lists.add(entry);
    return () => {
      lists.delete(entry);
    };
  }, [kind, keyText]);

  // the fetch is over: what waited lands now
  useEffect(() => {
    if (!isValidating) apply.current();
  }, [isValidating]);
}

/** Patches every mounted list of `kind` (that `accept` takes by its first key). A patch
 * returns null when the pages hold nothing to change; `inPlace` as in `Patch`. */
export function patchLists(
  kind: ListKind,
  patch: PagesPatch,
  { accept = () => true, inPlace = false }: { accept?: (firstKey: readonly unknown[]) => boolean; inPlace?: boolean } = {},
): void {
  for (const entry of lists) if (entry.kind === kind && accept(entry.firstKey)) entry.update({ pages: patch, inPlace });
}

/** A key filter for SWR's `mutate`: the plain keys the app made whose first item is one of `heads`. */
export const keysOf =
  (...heads: string[]) =>
  (key: unknown): boolean =>
    Array.isArray(key) && typeof key[0] === 'string' && heads.includes(key[0]);

/**
 * Refetches every cached list of `kinds` (and the plain keys `plain`) from scratch. The pages
 * of lists not on screen are dropped, so they are fetched again when shown; lists on screen
 * refetch every page they show (a global mutate of an infinite list refetches only its first).
 */
export function refetchLists(mutate: ScopedMutator, kinds: ListKind[], plain: string[] = []): void {
  const filter = keysOf(...kinds, ...plain);
  void mutate(filter, undefined, { revalidate: false });
  for (const entry of lists) if (kinds.includes(entry.kind)) entry.refetch();
  void mutate(filter);
}

/** Refetches every page of the mounted lists of `kind` (e.g. after a channel join). */
export function refetchMountedLists(kind: ListKind): void {
  for (const entry of lists) if (entry.kind === kind) entry.refetch();
}
