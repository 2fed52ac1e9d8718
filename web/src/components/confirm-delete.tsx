// The confirmation before a deletion that cannot be undone ("¿Eliminar…?"): "Cancelar" has the
// focus, "Eliminar" is red and waits for the answer.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { common } from '../i18n/es/common';

type Props = {
  title: string;
  body: string;
  confirm: string;
  cancel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
};

export function ConfirmDelete({ title, body, confirm, cancel, onConfirm, onClose }: Props) {
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    void onConfirm().finally(() => {
      setBusy(false);
      onClose();
    });
  };
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': common.close }} centered size="sm" zIndex={400}>
      <Text size="sm">{body}</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose} data-autofocus>
          {cancel}
        </Button>
        <Button color="red" loading={busy} onClick={run} data-testid="confirm-delete">
          {confirm}
        </Button>
      </Group>
    </Modal>
  );
}
