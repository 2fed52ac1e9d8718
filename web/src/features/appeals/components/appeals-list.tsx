// Moderators: the appeals, a section of the moderation page under its heading, with the report
// counts; restore or delete, each behind the same confirmation as the queue's decisions (a
// restored chisme's reports are settled, a deleted one is gone). `onDecided`: the page refreshes
// what else the decision changed (the queue).
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { appeals as texts } from '../../../i18n/es/appeals';
import { moderation } from '../../../i18n/es/moderation';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { appealKeys, decideAppeal, getAppeals } from '../api/appeals';

type Decision = { chismeId: string; decision: 'restore' | 'delete' };

export function AppealsList({ onDecided }: { onDecided?: () => void }) {
  const { data, mutate } = useSWR(appealKeys.queue, getAppeals);
  const [asking, setAsking] = useState<Decision | null>(null);
  const [pending, setPending] = useState(false);
  if (!data || data.length === 0) return null;
  const decide = ({ chismeId, decision }: Decision) => {
    setPending(true);
    decideAppeal(chismeId, decision)
      .then(() => {
        toast.success(decision === 'restore' ? texts.restored : texts.removed);
        setAsking(null);
        void mutate();
        onDecided?.();
      })
      .catch((error: unknown) => toast.error(errorMessage(error, texts.decideFailed)))
      .finally(() => setPending(false));
  };
  return (
    <Stack gap="sm" data-testid="appeals">
      <Title order={3}>{texts.queueTitle(data.length)}</Title>
      {data.map((appeal) => (
        <Card key={appeal.chisme_id} withBorder padding="sm" data-testid="appeal">
          <Stack gap={6}>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{appeal.content}</Text>
            <Group gap="xs">
              <Badge color="orange" variant="light">
                {texts.reports(appeal.total_reports)}
              </Badge>
            </Group>
            <Group gap="xs">
              <Button size="compact-sm" variant="light" onClick={() => setAsking({ chismeId: appeal.chisme_id, decision: 'restore' })}>
                {texts.restore}
              </Button>
              <Button size="compact-sm" variant="light" color="red" onClick={() => setAsking({ chismeId: appeal.chisme_id, decision: 'delete' })}>
                {texts.remove}
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      <ConfirmDialog
        opened={asking !== null}
        title={moderation.decisions.confirmTitle}
        message={asking?.decision === 'delete' ? moderation.decisions.confirmDelete : moderation.decisions.confirmRestore}
        confirmLabel={moderation.decisions.confirm}
        danger={asking?.decision === 'delete'}
        pending={pending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && decide(asking)}
      />
    </Stack>
  );
}
