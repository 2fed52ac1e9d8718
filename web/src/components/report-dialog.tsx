// The report dialog (docs/decisions/0035-notice-and-action.md): a reason from the list and an
// optional explanation, then a confirmation step. Shared by the chisme card and the comments:
// each reads the reasons through its own api file and sends the report itself (`onSend` shows
// its own toasts and never rejects).
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { common } from '../i18n/es/common';
import { reporting as texts } from '../i18n/es/reporting';
import type { ReportReason } from '../lib/report-reasons';

type Props = {
  opened: boolean;
  kind: 'chisme' | 'comment';
  reasons: ReportReason[] | undefined;
  loadFailed: boolean;
  onClose: () => void;
  onSend: (reason: string, explanation: string) => Promise<void>;
};

export function ReportDialog({ opened, kind, reasons, loadFailed, onClose, onSend }: Props) {
  const [reason, setReason] = useState<string | null>(null);
  const [explanation, setExplanation] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const chosen = reasons?.find((r) => r.code === reason);

  const close = () => {
    setConfirming(false);
    setReason(null);
    setExplanation('');
    onClose();
  };
  const send = () => {
    if (!reason) return;
    setSending(true);
    void onSend(reason, explanation.trim())
      .then(close)
      .finally(() => setSending(false));
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={confirming ? texts.dialog.confirmTitle : kind === 'chisme' ? texts.dialog.titleChisme : texts.dialog.titleComment}
      centered
      closeButtonProps={{ 'aria-label': common.close }}
    >
      {confirming && chosen ? (
        <Stack gap="sm" data-testid="report-confirm">
          <Text size="sm">{texts.dialog.confirm(chosen.label)}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {texts.dialog.back}
            </Button>
            <Button color="red" loading={sending} onClick={send}>
              {texts.dialog.send}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm" data-testid="report-dialog">
          <Text size="sm">{texts.dialog.intro}</Text>
          {loadFailed && (
            <Text size="sm" c="red" role="alert">
              {texts.dialog.loadFailed}
            </Text>
          )}
          <Radio.Group label={texts.dialog.reasonLabel} value={reason} onChange={setReason} required>
            <Stack gap={6} mt={6}>
              {(reasons ?? []).map((r) => (
                <Radio key={r.code} value={r.code} label={r.label} description={r.rule} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={texts.dialog.explanationLabel}
            description={texts.dialog.explanationHint}
            value={explanation}
            onChange={(event) => setExplanation(event.currentTarget.value)}
            maxLength={2000}
            autosize
            minRows={2}
            maxRows={6}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {texts.dialog.cancel}
            </Button>
            <Button disabled={!chosen} onClick={() => setConfirming(true)}>
              {texts.dialog.next}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
