// /login: the welcome screen with the rules and the sign-in button.
import { Anchor, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { AuthLinkNotice } from '../../features/auth/components/auth-link-notice';
import { openDialog } from '../../hooks/use-dialogs';
import { welcome } from '../../i18n/es/welcome';

export function LoginRoute() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} mt="md">
      <Stack gap="md">
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {welcome.title}
        </Title>
        <AuthLinkNotice />
        <Text>{welcome.intro}</Text>
        <Title order={2} fz="lg">
          {welcome.rulesTitle}
        </Title>
        <List spacing="xs">
          {welcome.rules.map((rule) => (
            <List.Item key={rule}>{rule}</List.Item>
          ))}
        </List>
        <Text size="sm">
          {welcome.terms}{' '}
          <Anchor component={Link} to={paths.terms} size="sm" data-testid="welcome-terms">
            {welcome.termsLink}
          </Anchor>
          .{' '}
          <Anchor component={Link} to={paths.transparency} size="sm">
            {welcome.transparencyLink}
          </Anchor>
        </Text>
        <Button size="md" onClick={() => openDialog({ kind: 'auth' })} data-testid="welcome-sign-in">
          {welcome.signIn}
        </Button>
      </Stack>
    </Paper>
  );
}
