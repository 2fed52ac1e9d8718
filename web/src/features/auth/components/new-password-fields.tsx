// A new password typed twice (register, "Nueva contraseña"): one show/hide state for both
// inputs, so what the person sees in one matches the other; the rules tick off under the first.
import type { GetInputPropsReturnType } from '@mantine/form';
import { useState } from 'react';
import { passwordRulesProps } from '../../../components/password-rules';
import { PasswordField } from './password-field';

type Props = {
  labels: { password: string; confirm: string };
  password: GetInputPropsReturnType;
  confirm: GetInputPropsReturnType;
  autoFocus?: boolean;
};

export function NewPasswordFields({ labels, password, confirm, autoFocus }: Props) {
  const [visible, setVisible] = useState(false);
  const toggle = () => setVisible((v) => !v);
  return (
    <>
      <PasswordField
        label={labels.password}
        {...password}
        {...passwordRulesProps(String(password.value ?? ''))}
        visible={visible}
        onToggleVisible={toggle}
        autoComplete="new-password"
        autoFocus={autoFocus}
      />
      <PasswordField label={labels.confirm} {...confirm} visible={visible} onToggleVisible={toggle} autoComplete="new-password" />
    </>
  );
}
