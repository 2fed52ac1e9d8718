// Guards the trimmed Mantine CSS (mantine-styles.ts): a component imported anywhere in the app
// whose stylesheet is missing there would render unstyled in the production build only.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The URL global is jsdom's here: resolve paths from the file path instead.
const src = dirname(dirname(fileURLToPath(import.meta.url)));
const stylesDir = dirname(createRequire(import.meta.url).resolve('@mantine/core/styles/Button.css'));
const listed = new Set(
  [...readFileSync(join(src, 'app', 'mantine-styles.ts'), 'utf8').matchAll(/@mantine\/core\/styles\/([A-Za-z-]+)\.css/g)].map((m) => m[1]),
);

// Components that render others with their own stylesheet.
const renders: Record<string, string[]> = {
  Select: ['Combobox', 'Popover', 'Input', 'ScrollArea'],
  Menu: ['Popover'],
  Tooltip: ['Popover'],
  Modal: ['ModalBase', 'Overlay', 'CloseButton'],
  Drawer: ['ModalBase', 'Overlay', 'CloseButton'],
  TextInput: ['Input'],
  Textarea: ['Input'],
  FileInput: ['Input'],
  Switch: ['InlineInput'],
  Card: ['Paper'],
  Alert: ['CloseButton'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function usedComponents(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(src)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const part of match[1]!.split(',')) {
        const name = part
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim();
        if (/^[A-Z][A-Za-z]+$/.test(name) && !part.trim().startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

describe('Mantine stylesheets', () => {
  it('lists the stylesheet of every Mantine component the app uses, and of what they render', () => {
    const used = usedComponents();
    expect(used.has('Button')).toBe(true); // the scan itself works
    const needed = new Set<string>();
    for (const name of used) {
      if (existsSync(join(stylesDir, `${name}.css`))) needed.add(name);
      for (const inner of renders[name] ?? []) needed.add(inner);
    }
    expect([...needed].filter((name) => !listed.has(name)).sort()).toEqual([]);
  });

  it('lists only stylesheets that exist', () => {
    expect([...listed].filter((name) => !existsSync(join(stylesDir, `${name}.css`)))).toEqual([]);
  });
});
