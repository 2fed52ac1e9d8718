// On the welcome screen, when the app was opened with an Auth e-mail link that expired or was
// already used (GoTrue's /verify redirects with error_code=otp_expired; the visitor ends up
// signed out). Other redirect errors (an OAuth sign-in turned down) are not about a link.
import { Alert } from '@mantine/core';
import { auth } from '../../../i18n/es/auth';
import { authRedirectAtStart } from '../../../lib/auth-redirect';

export function AuthLinkNotice() {
  if (authRedirectAtStart().errorCode !== 'otp_expired') return null;
  return (
    <Alert color="orange" role="alert">
      {auth.linkExpired}
    </Alert>
  );
}
