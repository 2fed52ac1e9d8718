// A country's flag by name alias or code, or a question-mark flag when unknown.
import { Text } from '@mantine/core';
import { common } from '../i18n/es/common';
import { findCountry, flagEmoji } from '../lib/countries';

export function CountryFlag({ country }: { country: string | null | undefined }) {
  const known = findCountry(country);
  if (known) {
    return (
      <Text component="span" role="img" aria-label={known.name} title={known.name} fz="lg" lh={1}>
        {flagEmoji(known.code)}
      </Text>
    );
  }
  return (
    <Text
      component="span"
      role="img"
      aria-label={common.unknownCountryFlag}
      title={common.unknownCountryFlag}
      fz="xs"
      fw={700}
      lh="16px"
      ta="center"
      w={22}
      h={16}
      bg="var(--mantine-color-gray-3)"
      c="var(--mantine-color-gray-8)"
      style={{ display: 'inline-block', borderRadius: 2 }}
    >
      ?
    </Text>
  );
}
