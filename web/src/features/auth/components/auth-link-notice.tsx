// On the welcome screen, when the app was opened with an Auth e-mail link that expired or was
// already used (GoTrue's /verify redirects with error_code=otp_expired; the visitor ends up
// signed out). A spent confirmation link (it lands on the feed, api/resend-confirmation.ts) most
// often means the account is confirmed already (the link was opened twice, or a mail app's
// preview spent it), so it says so and offers to sign in. Other redirect errors (an OAuth
// sign-in turned down) are not about a link.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { paths } from '../../../config/paths';
import { openDialog } from '../../../hooks/use-dialogs';
import { auth } from '../../../i18n/es/auth';
import { authRedirectAtStart } from '../../../lib/auth-redirect';

export function AuthLinkNotice() {
  const { errorCode, path } = authRedirectAtStart();
  if (errorCode !== 'otp_expired') return null;
  if (path !== paths.feed.recent) {
    return (
      <Alert color="orange" role="alert">
        {auth.linkExpired}
      </Alert>
    );
  }
  return (
    <Alert color="orange" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{auth.confirmationLinkSpent}</Text>
        <Button size="compact-sm" onClick={() => openDialog({ kind: 'auth' })}>
          {auth.loginButton}
        </Button>
      </Stack>
    </Alert>
  );
}
