// "Reenviar correo" for a sign-up that waits for its confirmation; GoTrue's waits (429) are
// shown in Spanish with the seconds left, and the result is announced.
import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { auth } from '../../../i18n/es/auth';
import { resendConfirmation } from '../api/resend-confirmation';
import { authErrorMessage } from '../utils/auth-error-message';

export function ResendConfirmation({ email }: { email: string }) {
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ sent: boolean; message: string } | null>(null);

  const resend = () => {
    setSending(true);
    setResult(null);
    resendConfirmation(email)
      .then(() => setResult({ sent: true, message: auth.resent }))
      .catch((failure: unknown) => setResult({ sent: false, message: authErrorMessage(failure) }))
      .finally(() => setSending(false));
  };

  return (
    <Stack gap="xs">
      <Button variant="light" onClick={resend} disabled={sending}>
        {sending ? auth.resending : auth.resend}
      </Button>
      {result && (
        <Alert color={result.sent ? 'green' : 'red'} role={result.sent ? 'status' : 'alert'}>
          {result.message}
        </Alert>
      )}
    </Stack>
  );
}
