// Register view: username, e-mail, password twice, providers.
import { Alert, Anchor, Button, Divider, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { auth } from '../../../i18n/es/auth';
import { signUp } from '../api/sign-up';
import { authErrorMessage } from '../utils/auth-error-message';
import { validateRegister } from '../utils/validate-auth';
import { PasswordField } from './password-field';
import { ProviderButtons } from './provider-buttons';

export function RegisterForm({ onSuccess, onSwitch }: { onSuccess: () => void; onSwitch: () => void }) {
  const [values, setValues] = useState({ username: '', email: '', password: '', confirmPassword: '' });
  const [visible, setVisible] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = validateRegister(values);
    setError(invalid);
    if (invalid) return;
    setSubmitting(true);
    try {
      await signUp(values.username, values.email, values.password);
      onSuccess();
    } catch (failure) {
      setError(authErrorMessage(failure));
    } finally {
      setSubmitting(false);
    }
  }

  const toggle = () => setVisible((v) => !v);
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <TextInput label={auth.username} autoComplete="username" value={values.username} onChange={(e) => set('username')(e.currentTarget.value)} data-autofocus />
        <TextInput label={auth.email} type="email" autoComplete="email" value={values.email} onChange={(e) => set('email')(e.currentTarget.value)} />
        <PasswordField label={auth.password} value={values.password} onChange={set('password')} visible={visible} onToggleVisible={toggle} autoComplete="new-password" />
        <PasswordField label={auth.confirmPassword} value={values.confirmPassword} onChange={set('confirmPassword')} visible={visible} onToggleVisible={toggle} autoComplete="new-password" />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" disabled={submitting} fullWidth>
          {submitting ? auth.registering : auth.registerButton}
        </Button>
        <Divider label={auth.or} labelPosition="center" />
        <ProviderButtons disabled={submitting} onError={setError} />
        <Anchor component="button" type="button" size="sm" onClick={onSwitch}>
          {auth.toLogin}
        </Anchor>
      </Stack>
    </form>
  );
}
