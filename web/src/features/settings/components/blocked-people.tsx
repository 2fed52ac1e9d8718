// Settings: "N personas bloqueadas" and "Desbloquear a todas" (then every list is fetched
// again, so their content comes back). It asks first: nobody can be blocked again from here.
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useRefetchAfterBlock } from '../../../hooks/use-refetch-after-block';
import { controls } from '../../../i18n/es/controls';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { blockKeys, getBlockCount, unblockAll } from '../api/blocks';

export function BlockedPeople({ userId }: { userId: string }) {
  // revalidateOnMount: the menu opens rarely and a block made meanwhile must show
  const { data: count, mutate } = useSWR(blockKeys.count(userId), getBlockCount, { revalidateOnMount: true });
  const [pending, setPending] = useState(false);
  const [asking, setAsking] = useState(false);
  const refetchLists = useRefetchAfterBlock();
  const unblock = () => {
    setAsking(false);
    setPending(true);
    unblockAll()
      .then(() => {
        void mutate(0, { revalidate: false });
        toast.success(controls.blocked.unblocked);
        refetchLists();
      })
      .catch((error: unknown) => toast.error(errorMessage(error, controls.blocked.failed)))
      .finally(() => setPending(false));
  };
  return (
    <Stack gap={4} px="sm" py={6} data-testid="blocked-people">
      <Text size="sm">{controls.blocked.count(count ?? 0)}</Text>
      {(count ?? 0) > 0 && (
        <Button size="compact-sm" variant="light" w="fit-content" loading={pending} onClick={() => setAsking(true)}>
          {controls.blocked.unblockAll}
        </Button>
      )}
      <ConfirmDialog
        opened={asking}
        title={controls.blocked.confirmTitle}
        message={controls.blocked.confirmMessage(count ?? 0)}
        confirmLabel={controls.blocked.unblockAll}
        onCancel={() => setAsking(false)}
        onConfirm={unblock}
      />
    </Stack>
  );
}
