// Broadcast is fire-and-forget: a message sent before a channel has joined is never replayed.
// A screen that loaded its data and then joined (or re-joined after a network drop) would keep
// whatever changed in between — a like undone while the page was loading stayed on the card.
// Each time the channel is joined, the live data is fetched again.
// A type import only: a value import would put supabase-js into every chunk that uses this.
import type { REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js';

const subscribed: `${REALTIME_SUBSCRIBE_STATES.SUBSCRIBED}` = 'SUBSCRIBED';

export const isSubscribed = (status: REALTIME_SUBSCRIBE_STATES): boolean => status === subscribed;

export function catchUpOnJoin(catchUp: () => void) {
  return (status: REALTIME_SUBSCRIBE_STATES) => {
    if (isSubscribed(status)) catchUp();
  };
}
