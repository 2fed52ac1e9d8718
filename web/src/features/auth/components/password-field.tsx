// A password input with a keyboard-reachable show/hide control; other props (value, onChange,
// error, data-path from @mantine/form) go to the input.
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { auth } from '../../../i18n/es/auth';

type Props = Omit<TextInputProps, 'type' | 'rightSection'> & {
  label: string;
  visible: boolean;
  onToggleVisible: () => void;
  autoComplete: string;
};

export function PasswordField({ visible, onToggleVisible, ...input }: Props) {
  return (
    <TextInput
      {...input}
      type={visible ? 'text' : 'password'}
      rightSection={
        <ActionIcon variant="subtle" color="gray" onClick={onToggleVisible} aria-label={visible ? auth.hidePassword : auth.showPassword} aria-pressed={visible}>
          {visible ? <IconEyeOff size={18} aria-hidden /> : <IconEye size={18} aria-hidden />}
        </ActionIcon>
      }
    />
  );
}
