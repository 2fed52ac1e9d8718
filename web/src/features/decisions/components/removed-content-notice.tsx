// Above "Mis Chismes": what a moderator removed of the person's no longer shows there (nor
// anywhere) while it is kept for a complaint (docs/decisions/0036-statements-and-complaints.md,
// "Removal"), so the profile says how much and leads to "Mis decisiones". It asks once the
// profile's first card has painted, as HiddenChismeNotice does (lib/after-first-content.ts).
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { paths } from '../../../config/paths';
import { decisions as texts } from '../../../i18n/es/decisions';
import { useAfterFirstContent } from '../../../lib/after-first-content';
import { decisionKeys, getMyStatements } from '../api/decisions-api';
import { removalStatus } from '../utils/removal-status';

export function RemovedContentNotice({ userId }: { userId: string }) {
  const afterFirstContent = useAfterFirstContent();
  const { data } = useSWR(afterFirstContent ? decisionKeys.statements(userId) : null, getMyStatements);
  const kept = (data ?? []).filter((s) => {
    const status = removalStatus(s);
    return status === 'kept' || status === 'kept-for-complaint';
  }).length;
  if (kept === 0) return null;
  return (
    <Alert color="gray" variant="light" data-testid="removed-content-notice">
      <Stack gap={6}>
        <Text size="sm">{texts.removal.inProfile(kept)}</Text>
        <Anchor component={Link} to={paths.decisions} size="sm">
          {texts.removal.readStatements}
        </Anchor>
      </Stack>
    </Alert>
  );
}
