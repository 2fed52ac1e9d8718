// A page of 20 cards costs far more to render than the 4 or 5 a screen shows: on a phone's CPU
// the whole first page was one task of about 3 s before anything appeared. So the rows that fill
// a screen are committed at once, and the rest of the page follows in a transition, which React
// renders in short slices that leave the main thread free (input, scrolling). All rows are real
// and complete; only their commit is split. Later pages render whole.
import { startTransition, useEffect, useState } from 'react';

/** Enough cards to fill a tall phone or a laptop screen (a card is 170–200 px high). */
export const firstScreenRows = 5;

export function useProgressiveRows<T>(rows: T[], first = firstScreenRows): { visible: T[]; complete: boolean } {
  const [all, setAll] = useState(false);
  const complete = all || rows.length <= first;
  useEffect(() => {
    if (!complete) startTransition(() => setAll(true));
  }, [complete]);
  return { visible: complete ? rows : rows.slice(0, first), complete };
}
