// Settings: "Descargar mis datos" (a zip of everything the database holds about the person,
// as JSON and as a readable Spanish page) and "Eliminar mi cuenta" (after re-entering the password, or the code Supabase Auth
// mails on request, for accounts without one; signed out afterwards).
import { Anchor, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { account } from '../../../i18n/es/account';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { deleteMyAccount, getMyData, sendDeletionCode } from '../api/account';
import { downloadMyData } from '../utils/download-my-data';

/** The words for a refused deletion or code request. */
function deletionError(failure: unknown): string {
  if (!(failure instanceof ApiError)) return account.deleteFailed;
  if (failure.key === 'password_invalid') return account.passwordInvalid;
  if (failure.key === 'code_invalid') return account.codeInvalid;
  if (failure.key === 'code_wait') return account.codeWait(failure.detail?.retry_after ?? 60);
  if (failure.key === 'code_failed') return account.codeFailed;
  return errorMessage(failure, account.deleteFailed);
}

export function AccountData({ onDeleted }: { onDeleted: () => void }) {
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState('');
  const [withCode, setWithCode] = useState(false);
  const [sendingCode, setSendingCode] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const exportData = () => {
    setExporting(true);
    getMyData()
      .then((data) => {
        downloadMyData(data);
        toast.success(account.exported);
      })
      .catch((failure: unknown) => toast.error(errorMessage(failure, account.exportFailed)))
      .finally(() => setExporting(false));
  };

  const close = () => {
    setConfirming(false);
    setSecret('');
    setWithCode(false);
    setError(null);
  };

  const askForCode = () => {
    setSendingCode(true);
    setError(null);
    sendDeletionCode()
      .then(() => {
        setWithCode(true);
        setSecret('');
      })
      .catch((failure: unknown) => setError(deletionError(failure)))
      .finally(() => setSendingCode(false));
  };

  const deleteAccount = () => {
    setDeleting(true);
    setError(null);
    deleteMyAccount(withCode ? { code: secret } : { password: secret })
      .then(() => {
        close();
        toast.success(account.deleted);
        onDeleted();
      })
      .catch((failure: unknown) => setError(deletionError(failure)))
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
            {withCode && (
              <Text size="sm" role="status">
                {account.codeSent}
              </Text>
            )}
            <TextInput
              key={withCode ? 'code' : 'password'}
              type={withCode ? 'text' : 'password'}
              inputMode={withCode ? 'numeric' : undefined}
              label={withCode ? account.code : account.password}
              value={secret}
              onChange={(event) => setSecret(event.currentTarget.value)}
              error={error}
              autoComplete={withCode ? 'one-time-code' : 'current-password'}
              required
            />
            {!withCode && (
              <Anchor component="button" type="button" size="sm" onClick={askForCode} disabled={sendingCode}>
                {account.useCode}
              </Anchor>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {account.cancel}
              </Button>
              <Button type="submit" color="red" loading={deleting} disabled={secret.length === 0}>
                {account.confirmDelete}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}
