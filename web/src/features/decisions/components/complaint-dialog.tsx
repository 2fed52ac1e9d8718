// The complaint dialog: an explanation, then a confirmation (one complaint per decision).
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { common } from '../../../i18n/es/common';
import { decisions as texts } from '../../../i18n/es/decisions';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { type ComplaintKind, fileComplaint } from '../api/decisions-api';

type Props = { kind: ComplaintKind; id: string; onClose: () => void; onSent: () => void };

export function ComplaintDialog({ kind, id, onClose, onSent }: Props) {
  const [explanation, setExplanation] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const send = () => {
    setSending(true);
    fileComplaint(kind, id, explanation.trim())
      .then(() => {
        toast.success(texts.dialog.sent);
        onSent();
        onClose();
      })
      .catch((error: unknown) => toast.error(errorMessage(error, texts.dialog.failed)))
      .finally(() => setSending(false));
  };
  return (
    <Modal opened onClose={onClose} title={texts.dialog.title} centered closeButtonProps={{ 'aria-label': common.close }}>
      {confirming ? (
        <Stack gap="sm">
          <Text size="sm">{texts.dialog.confirm}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {texts.dialog.back}
            </Button>
            <Button loading={sending} onClick={send} data-testid="complaint-send">
              {texts.dialog.send}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">{texts.dialog.intro}</Text>
          <Textarea
            label={texts.dialog.label}
            value={explanation}
            onChange={(event) => setExplanation(event.currentTarget.value)}
            required
            maxLength={2000}
            autosize
            minRows={3}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {texts.dialog.cancel}
            </Button>
            <Button disabled={!explanation.trim()} onClick={() => setConfirming(true)}>
              {texts.dialog.next}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
