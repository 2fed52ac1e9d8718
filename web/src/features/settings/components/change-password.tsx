// Settings: "Cambiar contraseña": the current password, then the new one twice with the
// sign-up rules (lib/password-rules.ts), ticked off under the field as it is typed; the first
// failure shows on its field.
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { FormError } from '../../../components/form-error';
import { passwordRulesProps } from '../../../components/password-rules';
import { useFirstErrorForm } from '../../../hooks/use-first-error-form';
import { account } from '../../../i18n/es/account';
import { auth } from '../../../i18n/es/auth';
import { firstFailure } from '../../../lib/field-error';
import { validateNewPassword } from '../../../lib/password-rules';
import { toast } from '../../../lib/toast';
import { changePassword } from '../api/change-password';
import { passwordChangeError } from '../utils/password-change-error';

type Values = { current: string; next: string; confirm: string };
const empty: Values = { current: '', next: '', confirm: '' };

function validate(values: Values) {
  return firstFailure<keyof Values>([
    ['current', () => (values.current === '' ? auth.validation.passwordRequired : null)],
    ['next', () => validateNewPassword(values.next)],
    ['confirm', () => (values.next !== values.confirm ? auth.validation.passwordsMismatch : null)],
  ]);
}

export function ChangePassword({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const { form, formError, setFormError, onSubmit } = useFirstErrorForm<Values>({ name: 'change-password', initialValues: empty, validate });
  const close = () => {
    setOpen(false);
    form.reset();
    setFormError(null);
  };

  async function submit(values: Values) {
    try {
      await changePassword(email, values.current, values.next);
      close();
      toast.success(account.passwordChanged);
    } catch (failure) {
      setFormError(passwordChangeError(failure));
    }
  }

  return (
    <>
      <Button size="compact-sm" variant="light" w="fit-content" mx="sm" my={6} onClick={() => setOpen(true)}>
        {account.changePassword}
      </Button>
      <Modal opened={open} onClose={close} title={account.changePasswordTitle} closeButtonProps={{ 'aria-label': account.cancel }}>
        <form onSubmit={onSubmit(submit)} noValidate>
          <Stack gap="sm">
            <TextInput type="password" label={account.currentPassword} autoComplete="current-password" {...form.getInputProps('current')} data-autofocus />
            <TextInput
              type="password"
              label={account.newPassword}
              autoComplete="new-password"
              {...form.getInputProps('next')}
              {...passwordRulesProps(form.values.next)}
            />
            <TextInput type="password" label={account.confirmNewPassword} autoComplete="new-password" {...form.getInputProps('confirm')} />
            <FormError message={formError} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {account.cancel}
              </Button>
              <Button type="submit" loading={form.submitting}>
                {account.savePassword}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
