// Under one's own chisme hidden by reports: "Oculto por denuncias", a link to the statement of
// reasons and, once, "Reclamar" (a complaint about the hiding, with an explanation). It asks
// only once the profile's first card has painted: the list of hidden chismes is a supabase-js
// call, and starting it earlier would put supabase-js's download and evaluation before that
// card (lib/after-first-content.ts; bench/HISTORY.md, "The profile's first card").
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { paths } from '../../../config/paths';
import { appeals as texts } from '../../../i18n/es/appeals';
import { useAfterFirstContent } from '../../../lib/after-first-content';
import { ComplaintDialog } from './complaint-dialog';
import { appealKeys, getMyHiddenChismes } from '../api/appeals';

export function HiddenChismeNotice({ userId, chismeId }: { userId: string; chismeId: string }) {
  const afterFirstContent = useAfterFirstContent();
  const { data, mutate } = useSWR(afterFirstContent ? appealKeys.mine(userId) : null, getMyHiddenChismes);
  const [complaining, setComplaining] = useState(false);
  const hidden = data?.find((h) => h.chisme_id === chismeId);
  if (!hidden) return null;
  return (
    <Alert color="orange" variant="light" title={texts.hidden} data-testid="hidden-chisme-notice">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm">{hidden.appealed ? texts.appealed : texts.explain}</Text>
          {!hidden.appealed && hidden.statement_id && (
            <Button size="compact-sm" variant="light" onClick={() => setComplaining(true)}>
              {texts.appeal}
            </Button>
          )}
        </Group>
        <Anchor component={Link} to={paths.decisions} size="sm">
          {texts.readStatement}
        </Anchor>
      </Stack>
      {complaining && hidden.statement_id && (
        <ComplaintDialog kind="statement" id={hidden.statement_id} onClose={() => setComplaining(false)} onSent={() => void mutate()} />
      )}
    </Alert>
  );
}
