// A confirmation before an action that cannot be undone (blocking, "Desbloquear a todas",
// reporting, a moderator's decision): what will happen, "Cancelar" (focused first, so Enter
// does nothing harmful) and the action. What it asks beyond yes or no (a report's reason) goes
// in `children`, above the buttons. Where it sits on every card of a feed it is loaded when first
// asked for (lazy-confirm-dialog.tsx).
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { common } from '../i18n/es/common';

export type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  /** Red for what takes content away or hides it. */
  danger?: boolean;
  children?: ReactNode;
};

export function ConfirmDialog({ opened, title, message, confirmLabel, onConfirm, onCancel, pending = false, danger = false, children }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} closeButtonProps={{ 'aria-label': common.close }} centered size="sm">
      <Stack gap="md">
        <Text size="sm">{message}</Text>
        {children}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {common.cancel}
          </Button>
          <Button color={danger ? 'red' : undefined} loading={pending} onClick={onConfirm} data-testid="confirm-action">
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
