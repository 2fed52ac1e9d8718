// A request the app started before the screen that needs it mounted: the feed's first page is
// asked for as soon as the session is known, while the feed's chunk is still loading
// (app/early-feed.ts). The screen's fetcher takes it once, if it is fresh; otherwise it fetches.
// An answer is kept as it came (`unknown`): the fetcher that takes it checks it as it checks its
// own (lib/answer-shape.ts).
const maxAgeMs = 10_000;

type Entry = { promise: Promise<unknown>; at: number };

const pending = new Map<string, Entry>();
/** Keys a screen's fetcher has already asked for (with or without an early request). A request
 *  remembered after that would be older than what the screen shows: a later refetch (a pull, the
 *  new-chismes pill) must never be answered by it. */
const taken = new Set<string>();
/** Answers that arrived, kept after the request is taken: SWR takes it in its first fetch, and
 *  its renders until that fetch resolves must still find the rows (no placeholder flash). */
const arrived = new Map<string, { value: unknown; at: number }>();

/** `answer`: the request's value when it is already known (it arrived before it was handed over). */
export function rememberEarly(key: string, promise: Promise<unknown>, now = Date.now(), answer?: { value: unknown }): void {
  if (taken.has(key)) {
    promise.catch(() => undefined); // not used, so a refusal is nobody's to handle
    return;
  }
  const entry: Entry = { promise, at: now };
  pending.set(key, entry);
  if (answer) arrived.set(key, { value: answer.value, at: now });
  promise.then(
    (value) => {
      arrived.set(key, { value, at: now });
    },
    // A failed early request is simply not used.
    () => {
      if (pending.get(key) === entry) pending.delete(key);
    },
  );
}

/**
 * The answer of a fresh early request that has already arrived, taken or not: a screen can show
 * it in its first render instead of a placeholder (its fetcher still takes the request).
 */
export function peekEarly(key: string, now = Date.now()): unknown {
  const answer = arrived.get(key);
  if (!answer || now - answer.at > maxAgeMs) return undefined;
  return answer.value;
}

/** The early request for `key`, at most once and only within 10 s of its start. */
export function takeEarly(key: string, now = Date.now()): Promise<unknown> | undefined {
  const entry = pending.get(key);
  pending.delete(key);
  taken.add(key);
  if (!entry || now - entry.at > maxAgeMs) return undefined;
  return entry.promise;
}

/** Whether asking early for `key` could still serve a screen: not if one is already on its way,
 *  nor once the screen's fetcher has asked (app/early-feed.ts skips the request then). */
export function wantsEarly(key: string): boolean {
  return !pending.has(key) && !taken.has(key);
}
