// "Nueva contraseña", opened by the recovery link (signed in by it): the sign-up rules, typed
// twice; GoTrue's refusals (same_password, weak_password) in Spanish.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useFirstErrorForm } from '../../../hooks/use-first-error-form';
import { auth } from '../../../i18n/es/auth';
import { updatePassword } from '../api/update-password';
import { authErrorMessage } from '../utils/auth-error-message';
import { validateNewPasswordForm, type NewPasswordValues } from '../utils/validate-auth';
import { PasswordField } from './password-field';

export function NewPasswordForm({ onSaved }: { onSaved: () => void }) {
  const { form, formError, setFormError, onSubmit } = useFirstErrorForm<NewPasswordValues>({
    name: 'new-password',
    initialValues: { password: '', confirmPassword: '' },
    validate: validateNewPasswordForm,
  });
  const [visible, setVisible] = useState(false);
  const toggle = () => setVisible((v) => !v);
  const submitting = form.submitting;

  async function submit(values: NewPasswordValues) {
    try {
      await updatePassword(values.password);
      onSaved();
    } catch (failure) {
      setFormError(authErrorMessage(failure));
    }
  }

  return (
    <form onSubmit={onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Text>{auth.newPasswordIntro}</Text>
        <PasswordField
          label={auth.newPassword}
          {...form.getInputProps('password')}
          visible={visible}
          onToggleVisible={toggle}
          autoComplete="new-password"
          autoFocus
        />
        <PasswordField
          label={auth.confirmNewPassword}
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
          {submitting ? auth.savingPassword : auth.savePassword}
        </Button>
      </Stack>
    </form>
  );
}
