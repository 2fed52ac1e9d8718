// The confirmation link lands on the feed signed in; this says so once.
import { useEffect } from 'react';
import { auth } from '../../../i18n/es/auth';
import { authRedirectAtStart, forgetAuthRedirect } from '../../../lib/auth-redirect';
import { toast } from '../../../lib/toast';

export function useConfirmedWelcome(): void {
  useEffect(() => {
    if (authRedirectAtStart().type !== 'signup') return;
    forgetAuthRedirect();
    toast.success(auth.emailConfirmed);
  }, []);
}
