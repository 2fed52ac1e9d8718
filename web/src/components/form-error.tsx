// A form's error (a refusal mapped to Spanish), announced as an alert; nothing while there is none.
import { Alert } from '@mantine/core';

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert">
      {message}
    </Alert>
  );
}
