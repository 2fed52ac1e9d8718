// "Sobre Nosotros": the platform, contact e-mail, social handle and website.
import { Anchor, Modal, Stack, Text, Title } from '@mantine/core';
import { paths } from '../../../config/paths';
import { about } from '../../../i18n/es/about';
import { common } from '../../../i18n/es/common';

export function AboutModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title={about.title} closeButtonProps={{ 'aria-label': common.close }} centered>
      <Stack gap="sm">
        <Text>{about.body}</Text>
        <Title order={3} fz="md">
          {about.contactTitle}
        </Title>
        <Anchor href={`mailto:${about.email}`}>{about.email}</Anchor>
        <Text>{about.social}</Text>
        <Anchor href={about.websiteUrl} target="_blank" rel="noopener noreferrer">
          {about.website}
        </Anchor>
        <Title order={3} fz="md">
          {about.termsTitle}
        </Title>
        <Text size="sm">{about.terms}</Text>
        <Anchor href={paths.terms} size="sm">
          {about.termsLink}
        </Anchor>
      </Stack>
    </Modal>
  );
}
