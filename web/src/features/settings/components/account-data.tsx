// Settings: "Descargar mis datos" (a JSON file of everything the database holds about the
// person) and "Eliminar mi cuenta" (after re-entering the password; signed out afterwards).
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { account } from '../../../i18n/es/account';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { deleteMyAccount, getMyData } from '../api/account';
import { downloadJson } from '../utils/download-json';

export function AccountData({ onDeleted }: { onDeleted: () => void }) {
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const exportData = () => {
    setExporting(true);
    getMyData()
      .then((data) => {
        downloadJson(data, account.exportFileName);
        toast.success(account.exported);
      })
      .catch((failure: unknown) => toast.error(errorMessage(failure, account.exportFailed)))
      .finally(() => setExporting(false));
  };

  const close = () => {
    setConfirming(false);
    setPassword('');
    setError(null);
  };

  const deleteAccount = () => {
    setDeleting(true);
    setError(null);
    deleteMyAccount(password)
      .then(() => {
        close();
        toast.success(account.deleted);
        onDeleted();
      })
      .catch((failure: unknown) => setError(failure instanceof ApiError && failure.key === 'password_invalid' ? account.passwordInvalid : account.deleteFailed))
      .finally(() => setDeleting(false));
  };

  return (
    <Stack gap={6} px="sm" py={6}>
      <Button size="compact-sm" variant="light" w="fit-content" loading={exporting} onClick={exportData}>
        {account.export}
      </Button>
      <Button size="compact-sm" variant="light" color="red" w="fit-content" onClick={() => setConfirming(true)}>
        {account.delete}
      </Button>
      <Modal opened={confirming} onClose={close} title={account.deleteTitle} closeButtonProps={{ 'aria-label': account.cancel }}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            deleteAccount();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{account.deleteWarning}</Text>
            <TextInput
              type="password"
              label={account.password}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={error}
              autoComplete="current-password"
              required
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {account.cancel}
              </Button>
              <Button type="submit" color="red" loading={deleting} disabled={password.length === 0}>
                {account.confirmDelete}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
