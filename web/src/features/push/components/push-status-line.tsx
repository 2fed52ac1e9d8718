// Why this device cannot get pushes, in one line (denied, unsupported, iPhone not installed).
import { Text } from '@mantine/core';
import { push } from '../../../i18n/es/push';
import type { PushDeviceStatus } from '../hooks/use-push-device';

const lines: Partial<Record<PushDeviceStatus, string>> = {
  denied: push.denied,
  unsupported: push.unsupported,
  'ios-install': push.iosInstall,
};

export function PushStatusLine({ status }: { status: PushDeviceStatus }) {
  const line = lines[status];
  return line ? (
    <Text size="sm" c="dimmed" data-testid="push-status-line">
      {line}
    </Text>
  ) : null;
}
