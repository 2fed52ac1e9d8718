// Cotilleo mode: local always, and saved to the profile when signed in.
import { Switch } from '@mantine/core';
import { useCotilleoMode } from '../../../hooks/use-cotilleo-mode';
import { common } from '../../../i18n/es/common';
import { useSession } from '../../../lib/auth';
import { updateProfileCotilleo } from '../api/update-profile-cotilleo';

export function CotilleoToggle({ signedIn }: { signedIn: boolean }) {
  const [cotilleo, setCotilleo] = useCotilleoMode();
  const session = useSession();
  return (
    <Switch
      label={common.menu.cotilleoMode}
      color="grape"
      checked={cotilleo}
      onChange={(event) => {
        const next = event.currentTarget.checked;
        setCotilleo(next);
        if (signedIn && session.user) {
          updateProfileCotilleo(next).catch((error: unknown) => console.error('cotilleo save failed', error));
        }
      }}
      px="sm"
      py={6}
    />
  );
}
