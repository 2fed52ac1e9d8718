// The Spanish error page: React Router's root error element and each route's error boundary.
// A missing lazy chunk (stale tab after a deploy) reloads the page once instead.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router-dom';
import { paths } from '../config/paths';
import { titles } from '../i18n/es/titles';
import { isChunkLoadError, reloadForStaleChunk } from '../lib/stale-chunk';

export function RouteError() {
  const error = useRouteError();
  const [reloading] = useState(() => isChunkLoadError(error) && reloadForStaleChunk());
  useEffect(() => {
    document.title = `${titles.error.title} · ${titles.brand}`;
  }, []);
  if (reloading) return null;
  return (
    <Paper withBorder radius="lg" p="xl" m="md" role="alert">
      <Stack gap="md">
        <Title order={1} fz="xl">
          {titles.error.title}
        </Title>
        <Text>{titles.error.body}</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{titles.error.reload}</Button>
          <Button component="a" href={paths.home} variant="default">
            {titles.error.home}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
