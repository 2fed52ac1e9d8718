// The calm support card: the crisis line of the person's country (config/crisis-lines.ts), or
// the international directory. Opened for the author right after they publish text about
// suicide or self-harm, and from the "¿Necesitas hablar?" link by readers of such text.
import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { crisisFallback } from '../../../config/crisis-lines';
import { crisis as texts } from '../../../i18n/es/crisis';
import { crisisLineFor } from '../utils/crisis-line-for';

type Props = { country: string | null; asReader: boolean; onClose: () => void };

export function CrisisSupportDialog({ country, asReader, onClose }: Props) {
  const line = crisisLineFor(country);
  return (
    <Modal opened onClose={onClose} title={texts.title} closeButtonProps={{ 'aria-label': texts.close }} data-testid="crisis-support">
      <Stack gap="sm">
        <Text>{asReader ? texts.readerIntro : texts.intro}</Text>
        {line ? (
          <>
            <Text fw={600}>{line.name}</Text>
            <Text size="sm">{line.hours}</Text>
            <Button component="a" href={`tel:${line.tel}`} leftSection={<IconPhone size={18} aria-hidden />} variant="filled">
              {texts.call(line.number)}
            </Button>
          </>
        ) : (
          <Text>
            {texts.fallbackIntro}{' '}
            <Anchor href={crisisFallback.url} target="_blank" rel="noopener noreferrer">
              {crisisFallback.name}
            </Anchor>
          </Text>
        )}
        <Text size="sm">{texts.emergency}</Text>
        <Button variant="default" onClick={onClose}>
          {texts.close}
        </Button>
      </Stack>
    </Modal>
  );
}
