// The foot of the sign-in and sign-up forms: "o", the Google and Facebook buttons, and the link
// to the other form (register from sign-in, sign-in from register).
import { Anchor, Divider } from '@mantine/core';
import { auth } from '../../../i18n/es/auth';
import { ProviderButtons } from './provider-buttons';

type Props = { submitting: boolean; onError: (message: string) => void; switchLabel: string; onSwitch: () => void };

export function OtherWays({ submitting, onError, switchLabel, onSwitch }: Props) {
  return (
    <>
      <Divider label={auth.or} labelPosition="center" />
      <ProviderButtons disabled={submitting} onError={onError} />
      <Anchor component="button" type="button" size="sm" onClick={onSwitch}>
        {switchLabel}
      </Anchor>
    </>
  );
}
