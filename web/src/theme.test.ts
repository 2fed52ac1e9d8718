// Proves the theme meets WCAG AA text contrast (4.5:1) by resolving Mantine's real CSS variables
// (its default resolver, then ours) down to hex colours and computing the WCAG ratio.
import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme, type MantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { buildTheme, cssVariablesResolver } from './theme';

type Scheme = 'light' | 'dark';

function variables(theme: MantineTheme, scheme: Scheme): Record<string, string> {
  const base = defaultCssVariablesResolver(theme);
  const ours = cssVariablesResolver(theme);
  return { ...base.variables, ...base[scheme], ...ours.variables, ...ours[scheme] };
}

function resolve(vars: Record<string, string>, value: string): string {
  const ref = /^var\((--[\w-]+)\)$/.exec(value.trim());
  if (!ref) return value;
  const name = ref[1] ?? '';
  const next = vars[name];
  if (next === undefined) throw new Error(`unknown variable ${name}`);
  return resolve(vars, next);
}

function luminance(color: string): number {
  const hex = /^#[0-9a-f]{3}$/i.test(color) ? `#${[...color.slice(1)].map((c) => c + c).join('')}` : color;
  if (!/^#[0-9a-f]{6}$/i.test(hex)) throw new Error(`not a hex colour: ${color}`);
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Mantine writes computed colours as rgba(r, g, b, 1). */
function toHex(color: string): string {
  const m = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  if (!m) return color;
  return `#${[m[1], m[2], m[3]].map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;
}

function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

describe('theme contrast (WCAG AA)', () => {
  it('computes the WCAG ratio correctly (black on white is 21:1, Mantine blue 6 fails)', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#228be6')).toBeLessThan(4.5);
  });

  for (const cotilleo of [false, true]) {
    for (const scheme of ['light', 'dark'] as const) {
      const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme(cotilleo));
      const vars = variables(theme, scheme);
      const color = (name: string) => resolve(vars, `var(${name})`).toLowerCase();
      const body = color('--mantine-color-body');
      const surface = color('--mantine-color-default'); // inputs and cards

      it(`${cotilleo ? 'cotilleo' : 'casual'} ${scheme}: white on the filled primary colour`, () => {
        expect(contrast('#ffffff', color('--mantine-primary-color-filled'))).toBeGreaterThanOrEqual(4.5);
      });

      it(`${cotilleo ? 'cotilleo' : 'casual'} ${scheme}: dimmed and placeholder text on page and surfaces`, () => {
        for (const bg of [body, surface]) {
          expect(contrast(color('--mantine-color-dimmed'), bg)).toBeGreaterThanOrEqual(4.5);
          expect(contrast(color('--mantine-color-placeholder'), bg)).toBeGreaterThanOrEqual(4.5);
        }
      });

      it(`${cotilleo ? 'cotilleo' : 'casual'} ${scheme}: red and primary text (subtle buttons, links)`, () => {
        for (const bg of [body, surface]) {
          expect(contrast(color('--mantine-color-red-text'), bg)).toBeGreaterThanOrEqual(4.5);
          expect(contrast(color('--mantine-color-anchor'), bg)).toBeGreaterThanOrEqual(4.5);
        }
      });

      it(`${cotilleo ? 'cotilleo' : 'casual'} ${scheme}: an invalid field's text and message`, () => {
        for (const bg of [body, surface]) {
          expect(contrast(color('--mantine-color-error'), bg)).toBeGreaterThanOrEqual(4.5);
        }
      });
    }
  }

  for (const scheme of ['light', 'dark'] as const) {
    it(`${scheme}: light-variant badges of every card colour and the liked button`, () => {
      const theme = mergeMantineTheme(DEFAULT_THEME, buildTheme(false));
      const vars = variables(theme, scheme);
      for (const c of ['blue', 'green', 'grape', 'rose', 'gray', 'red']) {
        const text = resolve(vars, `var(--mantine-color-${c}-light-color)`);
        const bg = resolve(vars, `var(--mantine-color-${c}-light)`);
        expect(contrast(toHex(text), toHex(bg)), c).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  it('respects the reduced-motion preference', () => {
    expect(buildTheme(false).respectReducedMotion).toBe(true);
  });
});
