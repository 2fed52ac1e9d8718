#!/usr/bin/env node
// Renders the PNG app icons of the web manifest from public/icon.svg and public/icon-maskable.svg
// with the system Chromium (headless screenshot). Run after changing an SVG; the PNGs are committed.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pub = fileURLToPath(new URL('../public/', import.meta.url));
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium';
const work = mkdtempSync(join(tmpdir(), 'icons-'));

for (const [svg, name] of [
  ['icon.svg', 'icon'],
  ['icon-maskable.svg', 'icon-maskable'],
]) {
  for (const size of [192, 512]) {
    const html = join(work, `${name}-${size}.html`);
    const svgText = readFileSync(pub + svg, 'utf8').replace('<svg ', `<svg width="${size}" height="${size}" `);
    writeFileSync(html, `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${svgText}`);
    const out = `${pub}${name}-${size}.png`;
    execFileSync(
      chromium,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--hide-scrollbars',
        '--default-background-color=00000000',
        `--window-size=${size},${size}`,
        `--screenshot=${out}`,
        `file://${html}`,
      ],
      { stdio: 'ignore' },
    );
    console.log(`${out}`);
  }
}
