// Cotilleo mode: local always, and saved to the profile when signed in. Switching it on asks
// first for the confirmation of being 18 or older (the database stores it with its date and
// refuses the mode without it; switching off withdraws it).
import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useCotilleoMode } from '../../../hooks/use-cotilleo-mode';
import { common } from '../../../i18n/es/common';
import { errorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { updateProfileCotilleo } from '../api/update-profile-cotilleo';

export function CotilleoToggle({ signedIn }: { signedIn: boolean }) {
  const [cotilleo, setCotilleo] = useCotilleoMode();
  const [asking, setAsking] = useState(false);
  const session = useSession();
  const apply = (next: boolean) => {
    if (!signedIn || !session.user) {
      setCotilleo(next);
      return;
    }
    // Off at once; on only once the confirmation is stored: the database refuses a cotilleo
    // feed to a person without it, so a feed asked for earlier would fail and stay empty.
    if (!next) setCotilleo(false);
    updateProfileCotilleo(next)
      .then(() => {
        if (next) setCotilleo(true);
      })
      .catch((error: unknown) => {
        // Switching off stays local; the toast says the profile did not follow.
        console.error('cotilleo save failed', error);
        toast.error(errorMessage(error, common.cotilleoSaveFailed));
      });
  };
  return (
    <>
      <Switch
        label={common.menu.cotilleoMode}
        color="grape"
        checked={cotilleo}
        onChange={(event) => {
          if (event.currentTarget.checked) setAsking(true);
          else apply(false);
        }}
        px="sm"
        py={6}
      />
      <Modal opened={asking} onClose={() => setAsking(false)} title={common.adults.title} centered closeButtonProps={{ 'aria-label': common.close }}>
        <Stack gap="sm">
          <Text size="sm">{common.adults.body}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setAsking(false)}>
              {common.cancel}
            </Button>
            <Button
              color="grape"
              onClick={() => {
                setAsking(false);
                apply(true);
              }}
              data-testid="adult-confirm"
            >
              {common.adults.confirm}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
