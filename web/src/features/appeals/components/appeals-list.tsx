// Moderators: appeals first, above the queue, with the report counts; restore or delete.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import useSWR from 'swr';
import { appeals as texts } from '../../../i18n/es/appeals';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { appealKeys, decideAppeal, getAppeals } from '../api/appeals';

export function AppealsList() {
  const { data, mutate } = useSWR(appealKeys.queue, getAppeals);
  if (!data || data.length === 0) return null;
  const decide = (chismeId: string, decision: 'restore' | 'delete') => {
    decideAppeal(chismeId, decision)
      .then(() => void mutate())
      .catch((error: unknown) => toast.error(errorMessage(error, texts.decideFailed)));
  };
  return (
    <Stack gap="sm" mb="lg" data-testid="appeals">
      <Title order={2} size="h4">
        {texts.queueTitle(data.length)}
      </Title>
      {data.map((appeal) => (
        <Card key={appeal.chisme_id} withBorder padding="sm">
          <Stack gap={6}>
            <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{appeal.content}</Text>
            <Group gap="xs">
              <Badge color="orange" variant="light">
                {texts.reports(appeal.total_reports)}
              </Badge>
            </Group>
            <Group gap="xs">
              <Button size="compact-sm" variant="light" onClick={() => decide(appeal.chisme_id, 'restore')}>
                {texts.restore}
              </Button>
              <Button size="compact-sm" variant="light" color="red" onClick={() => decide(appeal.chisme_id, 'delete')}>
                {texts.remove}
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
