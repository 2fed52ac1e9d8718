// One reported chisme or comment: content, kind, mode, counts, reasons (with the reporters'
// explanations), age, and the three decisions, each behind a confirmation that asks for its
// ground (a reason of the list and an explanation, written into the author's statement of
// reasons) or, for a restore, whether the reports were manifestly unfounded.
import { Badge, Button, Checkbox, Group, List, Menu, Modal, Paper, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { reportReasonsKey } from '../../../lib/report-reasons';
import { getReportReasons } from '../api/report-reasons';
import { common } from '../../../i18n/es/common';
import { errorMessage } from '../../../lib/api-error';
import { field } from '../../../lib/answer-shape';
import { formatUntil } from '../../../i18n/es/errors';
import { moderation as texts } from '../../../i18n/es/moderation';
import { useRelativeTime } from '../../../lib/relative-time';
import { toast } from '../../../lib/toast';
import { deleteContent, restoreContent, suspendAuthor, type ModerationItem, type SuspensionDays } from '../api/moderation-api';

type Decision = { kind: 'restore' } | { kind: 'delete' } | { kind: 'suspend'; days: SuspensionDays };

const suspensionDays: SuspensionDays[] = [1, 7, 30];

function confirmText(decision: Decision): string {
  if (decision.kind === 'restore') return texts.decisions.confirmRestore;
  if (decision.kind === 'delete') return texts.decisions.confirmDelete;
  return texts.decisions.confirmSuspend(texts.decisions.days(decision.days));
}

/** Of a reason's count, the signed-out notices (52-notices.sql: `signed_out`, present when some are). */
function signedOutPart(reason: object): string {
  const n = field(reason, 'signed_out');
  return typeof n === 'number' && n > 0 ? texts.queue.signedOut(n) : '';
}

export function QueueItem({ item, onDecided }: { item: ModerationItem; onDecided: () => void }) {
  const [decision, setDecision] = useState<Decision | null>(null);
  const [pending, setPending] = useState(false);
  const reportedAgo = useRelativeTime(item.last_reported_at);
  const postedAgo = useRelativeTime(item.created_at);
  const leading = item.reasons[0]?.code ?? null;
  const [reason, setReason] = useState<string | null>(leading);
  const [explanation, setExplanation] = useState('');
  const [unfounded, setUnfounded] = useState(false);
  const { data: reasons } = useSWR(decision ? reportReasonsKey : null, getReportReasons);
  const explanations = item.reasons.flatMap((r) => r.explanations);

  async function apply(chosen: Decision) {
    setPending(true);
    try {
      const ground = { reason: reason ?? '', explanation: explanation.trim() };
      if (chosen.kind === 'restore') {
        await restoreContent(item.kind, item.id, unfounded);
        toast.success(texts.decisions.restored);
      } else if (chosen.kind === 'delete') {
        await deleteContent(item.kind, item.id, ground);
        toast.success(texts.decisions.deleted);
      } else {
        const until = await suspendAuthor(item.kind, item.id, chosen.days, ground);
        toast.success(texts.decisions.suspended(formatUntil(until)));
      }
      setDecision(null);
      onDecided();
    } catch (error) {
      toast.error(errorMessage(error, texts.decisions.failed));
    } finally {
      setPending(false);
    }
  }

  return (
    <Paper withBorder p="sm" data-testid="moderation-item" data-id={item.id} aria-label={item.content}>
      <Stack gap={6}>
        <Group gap="xs">
          <Badge variant="light">{item.kind === 'chisme' ? texts.queue.chisme : texts.queue.comment}</Badge>
          <Badge variant="outline">{item.cotilleo ? texts.queue.cotilleo : texts.queue.casual}</Badge>
          {item.hidden && <Badge color="red">{texts.queue.hidden}</Badge>}
        </Group>
        <Text style={{ overflowWrap: 'anywhere' }}>{item.content}</Text>
        <Text size="sm" fw={600} data-testid="moderation-counts">
          {texts.queue.reports(item.pending_reports, item.total_reports)}
        </Text>
        <Text size="sm" c="dimmed" data-testid="moderation-reasons">
          {texts.queue.reasons}: {item.reasons.map((r) => `${r.reason} (${r.count}${signedOutPart(r)})`).join(', ')}
        </Text>
        {explanations.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={600}>
              {texts.queue.explanations}
            </Text>
            <List size="sm" data-testid="moderation-explanations">
              {explanations.map((text, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the texts may repeat; their order is the reports'
                <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
                  {text}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Text size="xs" c="dimmed">
          {texts.queue.reportedAgo(reportedAgo)} · {texts.queue.postedAgo(postedAgo)}
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={() => setDecision({ kind: 'restore' })}>
            {texts.decisions.restore}
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => setDecision({ kind: 'delete' })}>
            {texts.decisions.delete}
          </Button>
          <Menu>
            <Menu.Target>
              <Button size="xs" variant="light" color="orange">
                {texts.decisions.suspend}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {suspensionDays.map((days) => (
                <Menu.Item key={days} onClick={() => setDecision({ kind: 'suspend', days })}>
                  {texts.decisions.days(days)}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Stack>
      <Modal
        opened={decision !== null}
        onClose={() => setDecision(null)}
        title={texts.decisions.confirmTitle}
        closeButtonProps={{ 'aria-label': common.close }}
      >
        {decision && (
          <Stack>
            <Text>{confirmText(decision)}</Text>
            {decision.kind === 'restore' ? (
              <Checkbox label={texts.decisions.unfounded} checked={unfounded} onChange={(event) => setUnfounded(event.currentTarget.checked)} />
            ) : (
              <>
                <Select
                  label={texts.decisions.ground}
                  description={texts.decisions.groundHint}
                  data={(reasons ?? []).map((r) => ({ value: r.code, label: r.label }))}
                  value={reason}
                  onChange={setReason}
                  required
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
                <Textarea
                  label={texts.decisions.explanation}
                  value={explanation}
                  onChange={(event) => setExplanation(event.currentTarget.value)}
                  maxLength={2000}
                  autosize
                  minRows={2}
                />
              </>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDecision(null)}>
                Cancelar
              </Button>
              <Button loading={pending} disabled={decision.kind !== 'restore' && !reason} onClick={() => void apply(decision)} data-testid="moderation-confirm">
                {texts.decisions.confirm}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
