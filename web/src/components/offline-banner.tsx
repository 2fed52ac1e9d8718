// A Spanish banner while the browser is offline, so a write that cannot reach the API is
// expected rather than a surprise; a short toast says when the connection is back.
import { Alert } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useOffline } from '../hooks/use-offline';
import { common } from '../i18n/es/common';
import { toast } from '../lib/toast';

export function OfflineBanner() {
  const online = !useOffline();
  const wasOffline = useRef(false);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      toast.success(common.backOnline);
    }
  }, [online]);
  if (online) return null;
  return (
    <Alert
      role="status"
      color="yellow"
      variant="light"
      icon={<IconWifiOff size={18} aria-hidden />}
      mb="sm"
      data-testid="offline-banner"
      style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 0px) + 4px)', zIndex: 10 }}
    >
      {common.offline}
    </Alert>
  );
}
