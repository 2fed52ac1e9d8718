// On the welcome screen, when the app was opened with an Auth e-mail link that expired or was
// already used (GoTrue redirects with error_code; the visitor ends up signed out).
import { Alert } from '@mantine/core';
import { auth } from '../../../i18n/es/auth';
import { authRedirectAtStart } from '../../../lib/auth-redirect';

export function AuthLinkNotice() {
  if (!authRedirectAtStart().errorCode) return null;
  return (
    <Alert color="orange" role="alert">
      {auth.linkExpired}
    </Alert>
  );
}
