// A country's flag by name alias or code as an SVG image (same on every platform, where emoji
// flags are boxes on Linux and letters on Windows), or a question-mark flag when unknown.
// The flag images are one lazy chunk: a same-size placeholder shows until it has loaded.
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { common } from '../i18n/es/common';
import { findCountry } from '../lib/countries';

type FlagImages = typeof import('./flag-images');
let flagImages: FlagImages | null = null;
let loadingFlagImages: Promise<FlagImages> | null = null;

function useFlagImages(): FlagImages | null {
  const [loaded, setLoaded] = useState(flagImages);
  useEffect(() => {
    if (loaded) return;
    let active = true;
    loadingFlagImages ??= import('./flag-images').then((module) => (flagImages = module));
    loadingFlagImages.then((module) => active && setLoaded(module)).catch((error: unknown) => console.error('flags failed to load', error));
    return () => {
      active = false;
    };
  }, [loaded]);
  return loaded;
}

const size = { width: 21, height: 14 };
const frame = { display: 'inline-block', verticalAlign: 'middle', borderRadius: 2, boxShadow: '0 0 0 1px var(--mantine-color-default-border)' };

export function CountryFlag({ country }: { country: string | null | undefined }) {
  const known = findCountry(country);
  const images = useFlagImages();
  const url = known && images ? images.flagImageUrl(known.code) : null;
  if (known && url) return <img src={url} alt={known.name} title={known.name} {...size} style={frame} />;
  if (known) return <span role="img" aria-label={known.name} title={known.name} style={{ ...frame, ...size }} />;
  return (
    <Text
      component="span"
      role="img"
      aria-label={common.unknownCountryFlag}
      title={common.unknownCountryFlag}
      fz="xs"
      fw={700}
      lh={`${size.height}px`}
      ta="center"
      w={size.width}
      h={size.height}
      bg="var(--mantine-color-gray-3)"
      c="var(--mantine-color-gray-8)"
      style={{ display: 'inline-block', verticalAlign: 'middle', borderRadius: 2 }}
    >
      ?
    </Text>
  );
}
