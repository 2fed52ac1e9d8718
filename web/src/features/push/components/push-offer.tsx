// "Avísame aunque Chismes esté cerrado": the offer on the notifications tab (and, once, after
// the first live notification). Nothing asks the browser before the person taps it.
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { push } from '../../../i18n/es/push';
import { usePushDevice } from '../hooks/use-push-device';
import { PushStatusLine } from './push-status-line';

export function PushOffer({ userId, onNotNow }: { userId: string; onNotNow?: () => void }) {
  const { status, enable } = usePushDevice(userId);
  if (status === 'checking' || status === 'on') return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="push-offer-title" data-testid="push-offer">
      <Stack gap="xs">
        <Text fw={600} id="push-offer-title">
          {push.offerTitle}
        </Text>
        {status === 'off' || status === 'busy' ? (
          <>
            <Text size="sm">{push.offerText}</Text>
            <Group gap="xs">
              {/* the label wraps on a phone rather than being cut */}
              <Button size="compact-md" h="auto" py={4} styles={{ label: { whiteSpace: 'normal' } }} loading={status === 'busy'} onClick={() => void enable()}>
                {push.offer}
              </Button>
              {onNotNow && (
                <Button size="compact-md" variant="subtle" onClick={onNotNow}>
                  {push.notNow}
                </Button>
              )}
            </Group>
          </>
        ) : (
          <PushStatusLine status={status} />
        )}
      </Stack>
    </Paper>
  );
}
