// After sign-up: the account waits for the confirmation link mailed to the person.
import { Anchor, Stack, Text } from '@mantine/core';
import { auth } from '../../../i18n/es/auth';
import { ResendConfirmation } from './resend-confirmation';

export function CheckInbox({ email, onBack }: { email: string; onBack: () => void }) {
  return (
    <Stack gap="sm">
      <Text role="status">{auth.checkInbox(email)}</Text>
      <Text size="sm" c="dimmed">
        {auth.checkInboxHint}
      </Text>
      <ResendConfirmation email={email} />
      <Anchor component="button" type="button" size="sm" onClick={onBack}>
        {auth.backToLogin}
      </Anchor>
    </Stack>
  );
}
