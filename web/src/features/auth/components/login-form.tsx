// Login view: e-mail, password, forgot-password notice, providers.
import { Alert, Anchor, Button, Divider, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { auth } from '../../../i18n/es/auth';
import { signInWithPassword } from '../api/sign-in-with-password';
import { authErrorMessage } from '../utils/auth-error-message';
import { validateLogin } from '../utils/validate-auth';
import { PasswordField } from './password-field';
import { ProviderButtons } from './provider-buttons';

export function LoginForm({ onSuccess, onSwitch }: { onSuccess: () => void; onSwitch: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateLogin({ email, password });
    setError(invalid);
    if (invalid) return;
    setSubmitting(true);
    try {
      await signInWithPassword(email, password);
      onSuccess();
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <TextInput label={auth.email} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-autofocus />
        <PasswordField label={auth.password} value={password} onChange={setPassword} visible={visible} onToggleVisible={() => setVisible((v) => !v)} autoComplete="current-password" />
        <Anchor component="button" type="button" size="sm" ta="right" onClick={() => setNotice(auth.forgotPasswordAlert)}>
          {auth.forgotPassword}
        </Anchor>
        {notice && (
          <Alert color="blue" role="status" withCloseButton closeButtonLabel={auth.loginTitle} onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" disabled={submitting} fullWidth>
          {submitting ? auth.loggingIn : auth.loginButton}
        </Button>
        <Divider label={auth.or} labelPosition="center" />
        <ProviderButtons disabled={submitting} onError={setError} />
        <Anchor component="button" type="button" size="sm" onClick={onSwitch}>
          {auth.toRegister}
        </Anchor>
      </Stack>
    </form>
  );
}
