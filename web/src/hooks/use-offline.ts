// Whether the app has lost the network. The browser's flag alone is not enough: Chromium also
// says "offline" on a machine whose only interface is loopback while the app's own server
// answers. So while the browser says offline, a tiny same-origin request decides, again every
// 10 s; the browser's "online" clears it at once (and stops the probing).
import { useEffect, useState } from 'react';

const probeUrl = `${import.meta.env.BASE_URL}robots.txt`;
const recheckMs = 10_000;

async function reachable(): Promise<boolean> {
  try {
    await fetch(probeUrl, { method: 'HEAD', cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

export function useOffline(): boolean {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    const check = async () => {
      clearTimeout(timer);
      if (navigator.onLine) {
        setOffline(false);
        return;
      }
      const down = !(await reachable());
      if (!active) return;
      setOffline(down);
      timer = setTimeout(() => void check(), recheckMs);
    };
    const onChange = () => void check();
    void check();
    window.addEventListener('online', onChange);
    window.addEventListener('offline', onChange);
    return () => {
      active = false;
      clearTimeout(timer);
      window.removeEventListener('online', onChange);
      window.removeEventListener('offline', onChange);
    };
  }, []);
  return offline;
}
