import assert from 'node:assert/strict';
import { readFixture } from './fixtures.ts';
import { sniffImageType } from './file-type.ts';

const allowed: Array<[file: string, mime: string]> = [
  ['pixel.jpg', 'image/jpeg'],
  ['pixel.png', 'image/png'],
  ['pixel.gif', 'image/gif'],
  ['pixel.webp', 'image/webp'],
];

for (const [file, mime] of allowed) {
  Deno.test(`a real ${file} is recognised as ${mime}`, () => {
    assert.deepEqual(sniffImageType(readFixture(file)), { mime });
  });
}

const refused: Array<[file: string, why: string]> = [
  ['document.pdf', 'a PDF'],
  ['drawing.svg', 'an SVG (markup, may carry script)'],
  ['renamed-text.png', 'a text file renamed to .png'],
  ['empty.png', 'an empty file'],
  ['truncated.png', 'a PNG signature cut after 4 of its 8 bytes'],
  ['truncated.webp', 'a RIFF header cut before "WEBP"'],
];

for (const [file, why] of refused) {
  Deno.test(`${why} (${file}) is refused`, () => {
    assert.equal(sniffImageType(readFixture(file)), null);
  });
}

Deno.test('the older GIF87a header is a GIF too', () => {
  assert.deepEqual(sniffImageType(new TextEncoder().encode('GIF87a\x01\x00\x01\x00')), { mime: 'image/gif' });
});

Deno.test('a RIFF file that is not WebP (a WAV header) is refused', () => {
  const wav = new Uint8Array([...new TextEncoder().encode('RIFF'), 0x24, 0, 0, 0, ...new TextEncoder().encode('WAVE')]);
  assert.equal(sniffImageType(wav), null);
});

Deno.test('only the first bytes decide: a PNG head alone is enough', () => {
  assert.deepEqual(sniffImageType(readFixture('pixel.png').subarray(0, 8)), { mime: 'image/png' });
  assert.equal(sniffImageType(readFixture('pixel.png').subarray(1)), null);
});

Deno.test('a JPEG cut after its first two bytes, or FF D8 followed by anything but FF, is refused', () => {
  assert.equal(sniffImageType(readFixture('pixel.jpg').subarray(0, 2)), null);
  assert.equal(sniffImageType(new Uint8Array([0xff, 0xd8, 0x00, 0xe0])), null);
});
