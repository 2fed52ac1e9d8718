// A country's flag by name alias or code, or a question-mark flag when unknown.
import { Text } from '@mantine/core';
import { common } from '../i18n/es/common';
import { findCountry, flagEmoji } from '../lib/countries';

export function CountryFlag({ country }: { country: string | null | undefined }) {
  const known = findCountry(country);
  const label = known ? known.name : common.unknownCountryFlag;
  return (
    <Text component="span" role="img" aria-label={label} title={label} fz="lg" lh={1}>
      {known ? flagEmoji(known.code) : '❔'}
    </Text>
  );
}
