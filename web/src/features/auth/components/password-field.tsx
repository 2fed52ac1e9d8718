// A password input with a keyboard-reachable show/hide control.
import { ActionIcon, TextInput } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { auth } from '../../../i18n/es/auth';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  visible: boolean;
  onToggleVisible: () => void;
  autoComplete: string;
};

export function PasswordField({ label, value, onChange, visible, onToggleVisible, autoComplete }: Props) {
  return (
    <TextInput
      label={label}
      type={visible ? 'text' : 'password'}
      value={value}
      autoComplete={autoComplete}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={
        <ActionIcon variant="subtle" color="gray" onClick={onToggleVisible} aria-label={visible ? auth.hidePassword : auth.showPassword} aria-pressed={visible}>
          {visible ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
        </ActionIcon>
      }
    />
  );
}
