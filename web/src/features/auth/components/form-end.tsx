// The end of every auth form: its error, then the full-width submit button, which says what is
// under way while the form submits (children go between them, e.g. "Reenviar correo").
import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from '../../../components/form-error';

type Props = { error: string | null; submitting: boolean; idle: string; pending: string; children?: ReactNode };

export function FormEnd({ error, submitting, idle, pending, children }: Props) {
  return (
    <>
      <FormError message={error} />
      {children}
      <Button type="submit" disabled={submitting} fullWidth>
        {submitting ? pending : idle}
      </Button>
    </>
  );
}
