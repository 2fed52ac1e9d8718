// Settings: "N personas bloqueadas" and "Desbloquear a todas" (then every list is fetched
// again, so their content comes back).
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import useSWR from 'swr';
import { useRefetchAfterBlock } from '../../../hooks/use-refetch-after-block';
import { controls } from '../../../i18n/es/controls';
import { errorMessage } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { blockKeys, getBlockCount, unblockAll } from '../api/blocks';

export function BlockedPeople({ userId }: { userId: string }) {
  // revalidateOnMount: the menu opens rarely and a block made meanwhile must show
  const { data: count, mutate } = useSWR(blockKeys.count(userId), getBlockCount, { revalidateOnMount: true });
  const [pending, setPending] = useState(false);
  const refetchLists = useRefetchAfterBlock();
  const unblock = () => {
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
        <Button size="compact-sm" variant="light" w="fit-content" loading={pending} onClick={unblock}>
          {controls.blocked.unblockAll}
        </Button>
      )}
    </Stack>
  );
}
