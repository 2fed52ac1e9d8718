// The cotilleo image viewer: fetched through a short signed URL only when opened, shown for
// 10 seconds from the moment the image has loaded (not while a slow network still brings it),
// with an announced countdown and progress bar, closable early (Escape or button). It says
// that such images can be seen only for a while after they are published.
import { Alert, Center, Image, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import useSWR from 'swr';
import { useState } from 'react';
import { limits } from '../../../config/limits';
import { common } from '../../../i18n/es/common';
import { files } from '../../../i18n/es/files';
import { getChismeImageUrl } from '../api/get-chisme-image-url';
import { useCountdown } from '../hooks/use-countdown';
import { fileErrorMessage } from '../utils/file-error-message';
import { imageWindowMinutes } from './image-window-note';

export function FileViewer({ chismeId, onClose }: { chismeId: string; onClose: () => void }) {
  const { data: url, error } = useSWR(['chisme-image-url', chismeId], ([, id]) => getChismeImageUrl(id), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
  const [imageFailed, setImageFailed] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const left = useCountdown(limits.viewerSeconds, loaded, onClose);
  const loading = (
    <Center py="xl">
      <Loader role="status" aria-label={common.loading} />
    </Center>
  );

  return (
    <Modal opened onClose={onClose} title={files.viewerTitle} closeButtonProps={{ 'aria-label': common.close }} centered size="lg">
      <Stack gap="sm">
        <Text size="sm" aria-live="polite" role="timer">
          {files.countdown(left)}
        </Text>
        <Progress value={(left / limits.viewerSeconds) * 100} aria-label={files.countdown(left)} transitionDuration={250} />
        {error ? (
          <Alert color="red" title={files.fileError} role="alert">
            {fileErrorMessage(error)}
          </Alert>
        ) : imageFailed ? (
          <Alert color="red" title={files.imageError} role="alert">
            {files.imageErrorDetail}
          </Alert>
        ) : url ? (
          <>
            {!loaded && loading}
            <Image
              src={url}
              alt={files.imageAlt}
              fit="contain"
              mah="70vh"
              display={loaded ? undefined : 'none'}
              onLoad={() => setLoaded(true)}
              onError={() => setImageFailed(true)}
            />
          </>
        ) : (
          loading
        )}
        <Text size="xs" c="dimmed">
          {files.window(imageWindowMinutes)}
        </Text>
      </Stack>
    </Modal>
  );
}
