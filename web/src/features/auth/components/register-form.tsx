// Register view: username, e-mail, password twice, providers. With confirmations on, a
// sign-up ends on "Revisa tu correo" (onPending), not signed in.
import { Alert, Anchor, Button, Divider, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useFirstErrorForm } from '../../../hooks/use-first-error-form';
import { auth } from '../../../i18n/es/auth';
import { signUp } from '../api/sign-up';
import { authErrorMessage } from '../utils/auth-error-message';
import { validateRegister, type RegisterValues } from '../utils/validate-auth';
import { PasswordField } from './password-field';
import { ProviderButtons } from './provider-buttons';

const initialValues: RegisterValues = { username: '', email: '', password: '', confirmPassword: '' };

type Props = { onSuccess: () => void; onSwitch: () => void; onPending: (email: string) => void };

export function RegisterForm({ onSuccess, onSwitch, onPending }: Props) {
  const { form, formError, setFormError, onSubmit } = useFirstErrorForm({ name: 'register', initialValues, validate: validateRegister });
  const [visible, setVisible] = useState(false);
  const submitting = form.submitting;

  async function submit(values: RegisterValues) {
    try {
      const { signedIn } = await signUp(values.username, values.email, values.password);
      if (signedIn) onSuccess();
      else onPending(values.email.trim());
    } catch (failure) {
      setFormError(authErrorMessage(failure));
    }
  }

  const toggle = () => setVisible((v) => !v);
  return (
    <form onSubmit={onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TextInput label={auth.username} autoComplete="username" {...form.getInputProps('username')} data-autofocus />
        <TextInput label={auth.email} type="email" autoComplete="email" {...form.getInputProps('email')} />
        <PasswordField label={auth.password} {...form.getInputProps('password')} visible={visible} onToggleVisible={toggle} autoComplete="new-password" />
        <PasswordField
          label={auth.confirmPassword}
          {...form.getInputProps('confirmPassword')}
          visible={visible}
          onToggleVisible={toggle}
          autoComplete="new-password"
        />
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Button type="submit" disabled={submitting} fullWidth>
          {submitting ? auth.registering : auth.registerButton}
        </Button>
        <Divider label={auth.or} labelPosition="center" />
        <ProviderButtons disabled={submitting} onError={setFormError} />
        <Anchor component="button" type="button" size="sm" onClick={onSwitch}>
          {auth.toLogin}
        </Anchor>
      </Stack>
    </form>
  );
}
