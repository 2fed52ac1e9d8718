// Login view: e-mail, password, forgot-password notice, providers.
import { Alert, Anchor, Button, Divider, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFirstErrorForm } from '../../../hooks/use-first-error-form';
import { auth } from '../../../i18n/es/auth';
import { signInWithPassword } from '../api/sign-in-with-password';
import { authErrorMessage } from '../utils/auth-error-message';
import { validateLogin } from '../utils/validate-auth';
import { PasswordField } from './password-field';
import { ProviderButtons } from './provider-buttons';

export function LoginForm({ onSuccess, onSwitch }: { onSuccess: () => void; onSwitch: () => void }) {
  const { form, formError, setFormError, onSubmit } = useFirstErrorForm({ name: 'login', initialValues: { email: '', password: '' }, validate: validateLogin });
  const [visible, setVisible] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const submitting = form.submitting;

  async function submit(values: { email: string; password: string }) {
    try {
      await signInWithPassword(values.email, values.password);
      onSuccess();
    } catch (failure) {
      setFormError(authErrorMessage(failure));
    }
  }

  return (
    <form onSubmit={onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TextInput label={auth.email} type="email" autoComplete="email" {...form.getInputProps('email')} data-autofocus />
        <PasswordField label={auth.password} {...form.getInputProps('password')} visible={visible} onToggleVisible={() => setVisible((v) => !v)} autoComplete="current-password" />
        <Anchor component="button" type="button" size="sm" ta="right" onClick={() => setNotice(auth.forgotPasswordAlert)}>
          {auth.forgotPassword}
        </Anchor>
        {notice && (
          <Alert color="blue" role="status" withCloseButton closeButtonLabel={auth.closeNotice} onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Button type="submit" disabled={submitting} fullWidth>
          {submitting ? auth.loggingIn : auth.loginButton}
        </Button>
        <Divider label={auth.or} labelPosition="center" />
        <ProviderButtons disabled={submitting} onError={setFormError} />
        <Anchor component="button" type="button" size="sm" onClick={onSwitch}>
          {auth.toRegister}
        </Anchor>
      </Stack>
    </form>
  );
}
