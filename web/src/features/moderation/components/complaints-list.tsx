// Moderators: the pending complaints, oldest first, above the queue: the decision complained
// about (automated or not, its ground), the complainant's explanation, and the two outcomes,
// each behind a confirmation that asks for the reasons sent to the complainant. A decision
// refreshes the complaints and the queue (a reversal changes both).
import { Badge, Button, Card, Group, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { common } from '../../../i18n/es/common';
import { moderation as texts } from '../../../i18n/es/moderation';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { type Complaint, type ComplaintOutcome, decideComplaint, getComplaints } from '../api/complaints-api';
import { moderationKeys } from '../api/moderation-keys';

function ComplaintCard({ complaint, onDecided }: { complaint: Complaint; onDecided: () => void }) {
  const [outcome, setOutcome] = useState<ComplaintOutcome | null>(null);
  const [answer, setAnswer] = useState('');
  const [pending, setPending] = useState(false);
  const decide = (chosen: ComplaintOutcome) => {
    setPending(true);
    decideComplaint(complaint.id, chosen, answer.trim())
      .then(() => {
        toast.success(texts.complaints.decided);
        setOutcome(null);
        onDecided();
      })
      .catch((error: unknown) => toast.error(errorMessage(error, texts.complaints.failed)))
      .finally(() => setPending(false));
  };
  const decision = texts.complaints.decision[complaint.decision] ?? complaint.decision;
  return (
    <Card withBorder padding="sm" data-testid="complaint" data-id={complaint.id}>
      <Stack gap={6}>
        <Group gap="xs">
          <Badge color="grape" variant="light">
            {complaint.kind === 'report' ? texts.complaints.aboutReport : texts.complaints.aboutStatement(decision, complaint.automated)}
          </Badge>
        </Group>
        {complaint.content && <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{complaint.content}</Text>}
        <Text size="sm" c="dimmed">
          {texts.complaints.reason(complaint.reason_label ?? complaint.reason)}
        </Text>
        <Text size="sm" fw={600}>
          {texts.complaints.explanation}
        </Text>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="complaint-explanation">
          {complaint.explanation}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => setOutcome('upheld')}>
            {texts.complaints.uphold}
          </Button>
          <Button size="xs" variant="light" color="green" onClick={() => setOutcome('reversed')} data-testid="complaint-reverse">
            {texts.complaints.reverse}
          </Button>
        </Group>
      </Stack>
      <Modal opened={outcome !== null} onClose={() => setOutcome(null)} title={texts.decisions.confirmTitle} closeButtonProps={{ 'aria-label': common.close }}>
        {outcome && (
          <Stack>
            <Text>{outcome === 'reversed' ? texts.complaints.confirmReverse : texts.complaints.confirmUphold}</Text>
            <Textarea
              label={texts.complaints.answer}
              value={answer}
              onChange={(event) => setAnswer(event.currentTarget.value)}
              required
              maxLength={2000}
              autosize
              minRows={2}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOutcome(null)}>
                Cancelar
              </Button>
              <Button loading={pending} disabled={!answer.trim()} onClick={() => decide(outcome)} data-testid="complaint-confirm">
                {texts.decisions.confirm}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}

export function ComplaintsList({ onDecided }: { onDecided: () => void }) {
  const { data, mutate } = useSWR(moderationKeys.complaints, getComplaints);
  if (!data || data.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="complaints">
      <Title order={3}>{texts.complaints.title(data.length)}</Title>
      {data.map((complaint) => (
        <ComplaintCard
          key={complaint.id}
          complaint={complaint}
          onDecided={() => {
            void mutate();
            onDecided();
          }}
        />
      ))}
    </Stack>
  );
}
