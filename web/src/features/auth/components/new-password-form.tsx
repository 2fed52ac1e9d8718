// "Nueva contraseña", opened by the recovery link (signed in by it): the sign-up rules, typed
// twice; GoTrue's refusals (same_password, weak_password) in Spanish.
import { Stack, Text } from '@mantine/core';
import { useFirstErrorForm } from '../../../hooks/use-first-error-form';
import { auth } from '../../../i18n/es/auth';
import { updatePassword } from '../api/update-password';
import { authErrorMessage } from '../utils/auth-error-message';
import { validateNewPasswordForm, type NewPasswordValues } from '../utils/validate-auth';
import { FormEnd } from './form-end';
import { NewPasswordFields } from './new-password-fields';

export function NewPasswordForm({ onSaved }: { onSaved: () => void }) {
  const { form, formError, setFormError, onSubmit } = useFirstErrorForm<NewPasswordValues>({
    name: 'new-password',
    initialValues: { password: '', confirmPassword: '' },
    validate: validateNewPasswordForm,
  });
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
        <NewPasswordFields
          labels={{ password: auth.newPassword, confirm: auth.confirmNewPassword }}
          password={form.getInputProps('password')}
          confirm={form.getInputProps('confirmPassword')}
          autoFocus
        />
        <FormEnd error={formError} submitting={submitting} idle={auth.savePassword} pending={auth.savingPassword} />
      </Stack>
    </form>
  );
}
