// The rules of a new password beside its field (sign-up, "Nueva contraseña", the password
// change), each ticked off as the person types, so nobody learns them one refused submit at a
// time. Given to the field as its description: the input is described by the list, and each
// item says in words whether it is met (not by its icon or colour alone).
import { Group, Text, VisuallyHidden, type TextInputProps } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { useId } from 'react';
import { passwordRules as texts } from '../i18n/es/password-rules';
import { passwordChecks } from '../lib/password-rules';

export function PasswordRules({ password }: { password: string }) {
  const titleId = useId();
  return (
    <>
      <Text id={titleId} span size="xs" c="dimmed">
        {texts.title}
      </Text>
      <ul aria-labelledby={titleId} style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="password-rules">
        {passwordChecks(password).map(({ rule, met }) => (
          <Group component="li" key={rule} gap={4} wrap="nowrap" data-met={met}>
            {met ? <IconCircleCheck size={14} color="var(--mantine-color-teal-filled)" aria-hidden /> : <IconCircleDashed size={14} aria-hidden />}
            <span>{rule}</span>
            <VisuallyHidden>: {met ? texts.met : texts.missing}</VisuallyHidden>
          </Group>
        ))}
      </ul>
    </>
  );
}

/** The props that put the rules under a password input (Mantine's description, as a block). */
export function passwordRulesProps(password: string): Pick<TextInputProps, 'description' | 'descriptionProps' | 'inputWrapperOrder'> {
  return {
    description: <PasswordRules password={password} />,
    descriptionProps: { component: 'div' },
    inputWrapperOrder: ['label', 'input', 'description', 'error'],
  };
}
