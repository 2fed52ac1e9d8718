// A tapped push opens its chisme's thread: in a new tab the URL carries `?notificacion=<id>`;
// an open tab gets the same URL from the service worker (worker/push-events.ts) and goes there.
// Either way the notification is marked read and the parameter leaves the address bar.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { keysOf, refetchMountedLists } from '../../../lib/cached-lists';
import { markPushedNotificationRead } from '../api/push';
import { OPEN_MESSAGE } from '../worker/push-events';

export function usePushOpen(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const id = params.get('notificacion');
    if (!id) return;
    params.delete('notificacion');
    void navigate({ pathname: location.pathname, search: params.toString() }, { replace: true });
    markPushedNotificationRead(id)
      .then(() => {
        refetchMountedLists('notifications');
        void mutate(keysOf('notifications'));
      })
      .catch((error: unknown) => console.error('push: marking the opened notification read failed', error));
  }, [location.pathname, location.search, navigate, mutate]);

  useEffect(() => {
    const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data as { type?: unknown; url?: unknown } | null;
      if (data?.type === OPEN_MESSAGE && typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//')) {
        void navigate(data.url);
      }
    };
    worker?.addEventListener('message', onMessage);
    return () => worker?.removeEventListener('message', onMessage);
  }, [navigate]);
}
