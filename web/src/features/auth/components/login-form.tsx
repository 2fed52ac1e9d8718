// Login view: e-mail, password, "¿Olvidaste tu contraseña?", providers. An e-mail not yet
// confirmed gets its error with "Reenviar correo".
import { Anchor, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFirstErrorForm } from '../../../hooks/use-first-error-form';
import { auth } from '../../../i18n/es/auth';
import { signInWithPassword } from '../api/sign-in-with-password';
import { authErrorMessage } from '../utils/auth-error-message';
import { validateLogin } from '../utils/validate-auth';
import { FormEnd } from './form-end';
import { PasswordField } from './password-field';
import { ResendConfirmation } from './resend-confirmation';
import { OtherWays } from './other-ways';

type Props = { onSuccess: () => void; onSwitch: () => void; onForgot: () => void };

export function LoginForm({ onSuccess, onSwitch, onForgot }: Props) {
  const { form, formError, setFormError, onSubmit } = useFirstErrorForm({ name: 'login', initialValues: { email: '', password: '' }, validate: validateLogin });
  const [visible, setVisible] = useState(false);
  const [unconfirmed, setUnconfirmed] = useState<string | null>(null);
  const submitting = form.submitting;

  async function submit(values: { email: string; password: string }) {
    setUnconfirmed(null);
    try {
      await signInWithPassword(values.email, values.password);
      onSuccess();
    } catch (failure) {
      setFormError(authErrorMessage(failure));
      if ((failure as { code?: string } | null)?.code === 'email_not_confirmed') setUnconfirmed(values.email.trim());
    }
  }

  return (
    <form onSubmit={onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TextInput label={auth.email} type="email" autoComplete="email" {...form.getInputProps('email')} data-autofocus />
        <PasswordField
          label={auth.password}
          {...form.getInputProps('password')}
          visible={visible}
          onToggleVisible={() => setVisible((v) => !v)}
          autoComplete="current-password"
        />
        <Anchor component="button" type="button" size="sm" ta="right" onClick={onForgot}>
          {auth.forgotPassword}
        </Anchor>
        <FormEnd error={formError} submitting={submitting} idle={auth.loginButton} pending={auth.loggingIn}>
          {unconfirmed && <ResendConfirmation email={unconfirmed} />}
        </FormEnd>
        <OtherWays submitting={submitting} onError={setFormError} switchLabel={auth.toRegister} onSwitch={onSwitch} />
      </Stack>
    </form>
  );
}
