// Google and Facebook sign-in buttons.
import { Button, Stack } from '@mantine/core';
import { IconBrandFacebook, IconBrandGoogle } from '@tabler/icons-react';
import { auth } from '../../../i18n/es/auth';
import { signInWithProvider, type OAuthProvider } from '../api/sign-in-with-provider';
import { authErrorMessage } from '../utils/auth-error-message';

export function ProviderButtons({ disabled, onError }: { disabled: boolean; onError: (message: string) => void }) {
  const start = (provider: OAuthProvider) => () => {
    signInWithProvider(provider).catch((error: unknown) => onError(authErrorMessage(error)));
  };
  return (
    <Stack gap="xs">
      <Button variant="default" leftSection={<IconBrandGoogle size={18} aria-hidden />} onClick={start('google')} disabled={disabled}>
        {auth.google}
      </Button>
      <Button variant="default" leftSection={<IconBrandFacebook size={18} aria-hidden />} onClick={start('facebook')} disabled={disabled}>
        {auth.facebook}
      </Button>
    </Stack>
  );
}
