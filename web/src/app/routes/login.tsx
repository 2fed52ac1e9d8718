// /login: the welcome screen with the rules and the sign-in button.
import { Anchor, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { AuthLinkNotice } from '../../features/auth/components/auth-link-notice';
import { openDialog } from '../../hooks/use-dialogs';
import { notices } from '../../i18n/es/notices';
import { welcome } from '../../i18n/es/welcome';

/** The chisme a shared link led here from (RequireAuth's state), if any. */
function sharedChismeId(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string') return null;
  return matchPath(paths.chismePattern, from.split('?')[0] ?? '')?.params.id ?? null;
}

export function LoginRoute() {
  const sharedId = sharedChismeId(useLocation().state);
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
        {/* a shared link's visitor who has no account may still report it (docs/decisions/0035-notice-and-action.md) */}
        {sharedId ? (
          <Anchor component={Link} to={paths.notice('chisme', sharedId)} data-testid="welcome-notice">
            {notices.loginLink}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}
