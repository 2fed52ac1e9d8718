// SVG flags of the countries in lib/countries (country-flag-icons, MIT: 3:2 flags of about
// 0.5 KB each, where flag-icons' detailed coats of arms weigh up to 100 KB), bundled with the
// app (no CDN) in this one chunk, which CountryFlag loads on first use, so /login never has it.
import * as flagSvgs from './flag-svgs';

const svgs: Partial<Record<string, string>> = { ...flagSvgs };

/** The flag of an ISO 3166-1 alpha-2 code as an image URL, or null when the app has none. */
export function flagImageUrl(code: string): string | null {
  const svg = svgs[code];
  return svg ? `data:image/svg+xml,${encodeURIComponent(svg)}` : null;
}
