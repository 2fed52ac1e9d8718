// Cotilleo mode: local always, and saved to the profile when signed in.
import { Switch } from '@mantine/core';
import { useCotilleoMode } from '../../../hooks/use-cotilleo-mode';
import { common } from '../../../i18n/es/common';
import { errorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
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
          updateProfileCotilleo(next).catch((error: unknown) => {
            // The local mode stays switched; the toast says the profile did not follow.
            console.error('cotilleo save failed', error);
            toast.error(errorMessage(error, common.cotilleoSaveFailed));
          });
        }
      }}
      px="sm"
      py={6}
    />
  );
}
