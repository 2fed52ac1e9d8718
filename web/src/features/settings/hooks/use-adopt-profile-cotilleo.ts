// Cotilleo mode follows the account: the first time the signed-in shell mounts for a user in
// this tab, the mode saved on their profile replaces the local one, unless the person changes
// the mode before the profile arrives. Later reloads in the tab keep the local mode (the toggle
// saves every change to the profile anyway).
import { useEffect, useRef } from 'react';
import { useCotilleoMode } from '../../../hooks/use-cotilleo-mode';
import { getProfileCotilleo } from '../api/get-profile-cotilleo';

export const adoptedForKey = 'cotilleoAdoptedFor';

export function useAdoptProfileCotilleo(userId: string): void {
  const [cotilleo, setCotilleo] = useCotilleoMode();
  const latest = useRef(cotilleo);
  latest.current = cotilleo;

  useEffect(() => {
    if (sessionStorage.getItem(adoptedForKey) === userId) return;
    const before = latest.current;
    let cancelled = false;
    getProfileCotilleo(userId)
      .then((saved) => {
        if (cancelled) return;
        sessionStorage.setItem(adoptedForKey, userId);
        if (latest.current === before) setCotilleo(saved);
      })
      .catch((error: unknown) => console.error('cotilleo load failed', error));
    return () => {
      cancelled = true;
    };
  }, [userId, setCotilleo]);
}
