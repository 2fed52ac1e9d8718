// The web app manifest, icons, theme-color and robots.txt that make the app installable and
// findable, checked against the files Vite serves from public/ and index.html.
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildTheme } from '../theme';
import { ThemeColorSync, themeColors } from './theme-color-sync';

const web = `${join(dirname(fileURLToPath(import.meta.url)), '..', '..')}/`;
const indexHtml = readFileSync(`${web}index.html`, 'utf8');
type Icon = { src: string; sizes: string; type: string; purpose: string };
const manifest = JSON.parse(readFileSync(`${web}public/manifest.webmanifest`, 'utf8')) as {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  scope: string;
  display: string;
  icons: Icon[];
};

/** Width and height from a PNG's IHDR chunk. */
function pngSize(path: string): [number, number] {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('installable and findable', () => {
  it('links the manifest, icons and a theme-color per scheme from index.html', () => {
    expect(indexHtml).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(indexHtml).toContain('<link rel="apple-touch-icon" href="/icon-192.png" />');
    expect(indexHtml).toContain(`media="(prefers-color-scheme: light)" content="${themeColors.light}"`);
    expect(indexHtml).toContain(`media="(prefers-color-scheme: dark)" content="${themeColors.dark}"`);
    expect(indexHtml).toMatch(/<html lang="es">/);
    expect(indexHtml).toMatch(/<meta name="description" content="[^"]{20,}"/);
  });

  it('has a manifest meeting Chromium’s install criteria', () => {
    expect(manifest.name).toBe('Chismes');
    expect(manifest.short_name).toBe('Chismes');
    expect(manifest.lang).toBe('es');
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
    const png = (purpose: string, size: number) => manifest.icons.find((i) => i.type === 'image/png' && i.purpose === purpose && i.sizes === `${size}x${size}`);
    for (const purpose of ['any', 'maskable']) {
      for (const size of [192, 512]) {
        const icon = png(purpose, size);
        expect(icon, `${purpose} ${size}px PNG icon`).toBeDefined();
        expect(pngSize(`${web}public${icon?.src}`)).toEqual([size, size]);
      }
    }
    for (const icon of manifest.icons) expect(existsSync(`${web}public${icon.src}`), icon.src).toBe(true);
  });

  // Signed-out crawlers only ever get the welcome screen; a Disallow would fail Lighthouse's
  // is-crawlable audit on the routes it blocks (docs/decisions/0018-accessibility-and-lighthouse.md wants SEO 100 on /chismes/).
  it('has a robots.txt that lets crawlers reach every route and blocks none', () => {
    const robots = readFileSync(`${web}public/robots.txt`, 'utf8');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Allow: \/$/m);
    expect(robots).not.toMatch(/^Disallow:/m);
  });

  it('follows the chosen colour scheme in the theme-color meta', () => {
    document.head.innerHTML = '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff">';
    render(
      <MantineProvider theme={buildTheme(false)} forceColorScheme="dark">
        <ThemeColorSync />
      </MantineProvider>,
    );
    expect(document.querySelector('meta[name="theme-color"]')).toHaveAttribute('content', themeColors.dark);
  });
});
