// Register view: username, e-mail, password twice, providers. With confirmations on, a
// sign-up ends on "Revisa tu correo" (onPending), not signed in.
import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { paths } from '../../../config/paths';
import { useFirstErrorForm } from '../../../hooks/use-first-error-form';
import { auth } from '../../../i18n/es/auth';
import { signUp } from '../api/sign-up';
import { authErrorMessage } from '../utils/auth-error-message';
import { validateRegister, type RegisterValues } from '../utils/validate-auth';
import { FormEnd } from './form-end';
import { NewPasswordFields } from './new-password-fields';
import { OtherWays } from './other-ways';

const initialValues: RegisterValues = { username: '', email: '', password: '', confirmPassword: '' };

type Props = { onSuccess: () => void; onSwitch: () => void; onPending: (email: string) => void };

export function RegisterForm({ onSuccess, onSwitch, onPending }: Props) {
  const { form, formError, setFormError, onSubmit } = useFirstErrorForm({ name: 'register', initialValues, validate: validateRegister });
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

  return (
    <form onSubmit={onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TextInput label={auth.username} autoComplete="username" {...form.getInputProps('username')} data-autofocus />
        <TextInput label={auth.email} type="email" autoComplete="email" {...form.getInputProps('email')} />
        <NewPasswordFields
          labels={{ password: auth.password, confirm: auth.confirmPassword }}
          password={form.getInputProps('password')}
          confirm={form.getInputProps('confirmPassword')}
        />
        <Text size="sm">
          {auth.termsNotice}{' '}
          <Anchor href={paths.terms} target="_blank" size="sm" data-testid="register-terms">
            {auth.termsLink}
          </Anchor>
          .
        </Text>
        <FormEnd error={formError} submitting={submitting} idle={auth.registerButton} pending={auth.registering} />
        <OtherWays submitting={submitting} onError={setFormError} switchLabel={auth.toLogin} onSwitch={onSwitch} />
      </Stack>
    </form>
  );
}
