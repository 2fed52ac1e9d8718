// "¿Olvidaste tu contraseña?": the e-mail, then one answer whatever the address (never whether
// it has an account); the mailed link opens "Nueva contraseña".
import { Alert, Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFirstErrorForm } from '../../../hooks/use-first-error-form';
import { auth } from '../../../i18n/es/auth';
import { firstFailure } from '../../../lib/field-error';
import { requestPasswordReset } from '../api/request-password-reset';
import { authErrorMessage } from '../utils/auth-error-message';
import { validateEmail } from '../utils/validate-auth';
import { FormEnd } from './form-end';

type Values = { email: string };

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { form, formError, setFormError, onSubmit } = useFirstErrorForm<Values>({
    name: 'forgot',
    initialValues: { email: '' },
    validate: (values) => firstFailure<keyof Values>([['email', () => validateEmail(values.email)]]),
  });
  const [sent, setSent] = useState(false);
  const submitting = form.submitting;

  async function submit(values: Values) {
    try {
      await requestPasswordReset(values.email);
      setSent(true);
    } catch (failure) {
      setFormError(authErrorMessage(failure));
    }
  }

  return (
    <form onSubmit={onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Text size="sm">{auth.forgotIntro}</Text>
        <TextInput label={auth.email} type="email" autoComplete="email" {...form.getInputProps('email')} data-autofocus autoFocus />
        {sent && (
          <Alert color="green" role="status">
            {auth.forgotSent}
          </Alert>
        )}
        <FormEnd error={formError} submitting={submitting} idle={auth.sendLink} pending={auth.sendingLink} />
        <Anchor component="button" type="button" size="sm" onClick={onBack}>
          {auth.backToLogin}
        </Anchor>
      </Stack>
    </form>
  );
}
