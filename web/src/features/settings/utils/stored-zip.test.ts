// The archive opens with the system's unzip (what a person's computer does), names and bytes intact.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32, storedZip } from './stored-zip';

describe('storedZip', () => {
  it('computes the CRC-32 zip stores', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('writes an archive unzip lists, tests and extracts byte for byte', () => {
    const json = new TextEncoder().encode('{"hola":"qué tal"}');
    const html = new TextEncoder().encode('<!doctype html><p>Tus datos, ñandú</p>');
    const dir = mkdtempSync(join(tmpdir(), 'zip-'));
    const file = join(dir, 'mis-datos.zip');
    writeFileSync(
      file,
      storedZip([
        { name: 'mis-datos.json', data: json },
        { name: 'LEEME.html', data: html },
      ]),
    );
    expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
    execFileSync('unzip', ['-q', file, '-d', join(dir, 'out')]);
    expect(readFileSync(join(dir, 'out', 'mis-datos.json'))).toEqual(Buffer.from(json));
    expect(readFileSync(join(dir, 'out', 'LEEME.html'))).toEqual(Buffer.from(html));
  });
});
