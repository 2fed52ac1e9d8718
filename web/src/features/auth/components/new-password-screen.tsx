// /nueva-contrasena, where the recovery link lands: signed in by the link, the form; after it is
// saved, the feed. Reached otherwise (the link expired or was used, or typed by hand while
// signed out) it says so and offers a new link. A signed-in visit without the link is sent to the
// feed by the route: changing the password there asks for the current one (settings).
import { Alert, Button, Paper, Stack, Title } from '@mantine/core';
import { openDialog } from '../../../hooks/use-dialogs';
import { auth } from '../../../i18n/es/auth';
import { NewPasswordForm } from './new-password-form';

export function NewPasswordScreen({ recovering, onSaved }: { recovering: boolean; onSaved: () => void }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} mt="md">
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {auth.newPasswordTitle}
        </Title>
        {recovering ? (
          <NewPasswordForm onSaved={onSaved} />
        ) : (
          <>
            <Alert color="orange" role="alert">
              {auth.linkExpired}
            </Alert>
            <Button onClick={() => openDialog({ kind: 'auth', view: 'forgot' })} w="fit-content">
              {auth.requestNewLink}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}
