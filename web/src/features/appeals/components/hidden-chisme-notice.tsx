// Under one's own chisme hidden by reports: "Oculto por denuncias" and, once, "Pedir revisión".
// It asks only once the profile's first card has painted: the list of hidden chismes is a
// supabase-js call, and starting it earlier would put supabase-js's download and evaluation
// before that card (lib/after-first-content.ts; bench/HISTORY.md, "The profile's first card").
import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { appeals as texts } from '../../../i18n/es/appeals';
import { useAfterFirstContent } from '../../../lib/after-first-content';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { appealChisme, appealKeys, getMyHiddenChismes } from '../api/appeals';

export function HiddenChismeNotice({ userId, chismeId }: { userId: string; chismeId: string }) {
  const afterFirstContent = useAfterFirstContent();
  const { data, mutate } = useSWR(afterFirstContent ? appealKeys.mine(userId) : null, getMyHiddenChismes);
  const [pending, setPending] = useState(false);
  const hidden = data?.find((h) => h.chisme_id === chismeId);
  if (!hidden) return null;
  const appeal = () => {
    setPending(true);
    appealChisme(chismeId)
      .then(() => {
        toast.success(texts.sent);
        void mutate();
      })
      .catch((error: unknown) => toast.error(errorMessage(error, texts.failed)))
      .finally(() => setPending(false));
  };
  return (
    <Alert color="orange" variant="light" title={texts.hidden} data-testid="hidden-chisme-notice">
      <Group justify="space-between" gap="xs">
        <Text size="sm">{hidden.appealed ? texts.appealed : texts.explain}</Text>
        {!hidden.appealed && (
          <Button size="compact-sm" variant="light" loading={pending} onClick={appeal}>
            {texts.appeal}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
