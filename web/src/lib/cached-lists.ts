// The one owner of the app's cached lists, through SWR's public API only (no code reads SWR's
// key serialisation; lib/cached-lists.test.ts fails if one does):
// - infinite lists (feeds, threads, notifications) are made here (`useCachedInfinite`) and
//   registered while mounted, with their kind, first page key and bound `mutate`; patches go
//   through that mutate;
// - plain keys are found with a key filter over the arrays the app itself made
//   (`['chisme', id]`, `['my-chismes', …]`, `['notifications', user, 'count', …]`).
// A patch never lands while its list fetches a page: SWR drops a page whose fetch a mutation
// overtook (infinite scroll then stalls for good), or the page load writes its older rows back
// over the patch, so patches wait from the fetch's first moment and land together after it.
// A patch of rows in place (live counts) lands on the list's page entries too: SWR refetches a
// page whose entry differs from the list's copy of it at the next page load.
import { useEffect, useRef } from 'react';
import { type ScopedMutator, useSWRConfig } from 'swr';
import useSWRInfinite, { type SWRInfiniteConfiguration, type SWRInfiniteResponse } from 'swr/infinite';

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

/**
 * An infinite list the owner patches: `useSWRInfinite` with its fetcher counted while it runs.
 * A patch waits for a page load from the moment it begins; SWR's `isValidating` says so only
 * from the next render, and a patch that landed in between was lost when the load wrote its
 * older rows back.
 */
export function useCachedInfinite<T, Key extends readonly unknown[]>(
  kind: ListKind,
  firstKey: readonly unknown[],
  getKey: (index: number, previous: T[] | null) => Key | null,
  fetcher: (key: Key) => Promise<T[]>,
  config?: SWRInfiniteConfiguration<T[]>,
): SWRInfiniteResponse<T[]> {
  const loads = useRef(0);
  const settled = useRef(() => {});
  const counted = (key: Key) => {
    loads.current += 1;
    return fetcher(key).finally(() => {
      loads.current -= 1;
      // after SWR has stored the page (microtasks), never before
      setTimeout(() => settled.current(), 0);
    });
  };
  const swr = useSWRInfinite(getKey, counted, config);
  settled.current = useCachedList(kind, firstKey, swr, loads);
  return swr;
}

/** Registers a mounted list with the owner; returns what lands the waiting patches. */
function useCachedList<T>(kind: ListKind, firstKey: readonly unknown[], swr: SWRInfiniteResponse<T[]>, loads: { current: number }): () => void {
  const { mutate } = useSWRConfig();
  const current = useRef({ swr, mutate, kind });
  current.current = { swr, mutate, kind };
  const pending = useRef<Patch[]>([]);
  const apply = useRef(() => {
    if (pending.current.length === 0 || loads.current > 0 || current.current.swr.isValidating) return;
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
  const data = swr.data;
  const keyText = JSON.stringify(firstKey);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `keyText` stands for `firstKey` (a fresh array each render).
  useEffect(() => {
    const entry: Entry = {
      kind,
      firstKey,
      update: (patch) => {
        pending.current.push(patch);
        apply.current();
      },
      refetch: () => void current.current.swr.mutate(),
    };
    lists.add(entry);
    return () => {
      lists.delete(entry);
    };
  }, [kind, keyText]);

  // a page load is over (its render, or its data, whichever says so first): what waited lands now
  // biome-ignore lint/correctness/useExhaustiveDependencies: `isValidating` and `data` are when to look again, not inputs.
  useEffect(() => apply.current(), [isValidating, data]);
  return apply.current;
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
