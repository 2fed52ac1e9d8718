import assert from 'node:assert/strict';
import { readFixture } from './fixtures.ts';
import { gifWithMetadata, jpegWithMetadata, metadataMarkers, pngWithMetadata, polyglots, webpWithMetadata } from './metadata-fixtures.ts';
import { sanitizeImage } from './sanitize-image.ts';

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

const withMetadata: Array<[name: string, build: () => Uint8Array, mime: string, traces: string[]]> = [
  ['JPEG with EXIF/GPS, XMP, IPTC and a comment', jpegWithMetadata, 'image/jpeg', ['Exif\0', 'http://ns.adobe.com', '8BIM']],
  ['PNG with tEXt, iTXt and eXIf', pngWithMetadata, 'image/png', ['tEXt', 'iTXt', 'eXIf']],
  ['WebP with EXIF and XMP chunks', webpWithMetadata, 'image/webp', ['EXIF', 'XMP ']],
  ['GIF with a comment and an XMP application extension', gifWithMetadata, 'image/gif', ['XMP DataXMP']],
];

for (const [name, build, mime, traces] of withMetadata) {
  Deno.test(`a ${name} is stored without any of it`, () => {
    const input = build();
    // The fixture really carries the metadata…
    assert.ok(metadataMarkers.filter((marker) => latin1(input).includes(marker)).length >= 2);
    for (const trace of traces) assert.ok(latin1(input).includes(trace), `fixture lacks ${trace}`);
    const clean = sanitizeImage(input);
    assert.ok(clean, 'refused');
    assert.equal(clean.mime, mime);
    // …and the cleaned bytes carry none of it.
    for (const text of [...metadataMarkers, ...traces]) assert.ok(!latin1(clean.bytes).includes(text), `kept ${text}`);
    assert.ok(clean.bytes.length < input.length);
    // Cleaning is idempotent: the cleaned file is itself a valid image that needs no change.
    assert.deepEqual(sanitizeImage(clean.bytes)?.bytes, clean.bytes);
  });
}

Deno.test('the cleaned metadata-laden images equal the plain browser-encoded ones', () => {
  assert.deepEqual(sanitizeImage(jpegWithMetadata())?.bytes, sanitizeImage(readFixture('pixel.jpg'))?.bytes);
  assert.deepEqual(sanitizeImage(pngWithMetadata())?.bytes, readFixture('pixel.png'));
  assert.deepEqual(sanitizeImage(gifWithMetadata())?.bytes, readFixture('pixel.gif'));
});

Deno.test('the WebP keeps its extended header with the EXIF and XMP flags cleared', () => {
  const clean = sanitizeImage(webpWithMetadata());
  assert.ok(clean);
  assert.equal(latin1(clean.bytes.subarray(12, 16)), 'VP8X');
  assert.equal(clean.bytes[20] & 0x0c, 0);
  assert.equal(new DataView(clean.bytes.buffer).getUint32(4, true), clean.bytes.length - 8);
});

for (const file of ['pixel.jpg', 'pixel.png', 'pixel.gif', 'pixel.webp']) {
  Deno.test(`a plain ${file} from a browser encoder is accepted`, () => {
    const clean = sanitizeImage(readFixture(file));
    assert.ok(clean);
    if (file !== 'pixel.jpg') assert.deepEqual(clean.bytes, readFixture(file));
  });
}

for (const [name, bytes] of polyglots()) {
  Deno.test(`${name} is refused`, () => {
    assert.equal(sanitizeImage(bytes), null);
  });
}

for (const file of ['document.pdf', 'drawing.svg', 'renamed-text.png', 'empty.png', 'truncated.png', 'truncated.webp']) {
  Deno.test(`${file} is refused`, () => {
    assert.equal(sanitizeImage(readFixture(file)), null);
  });
}

Deno.test('a PNG whose chunk CRC is wrong is refused', () => {
  const png = readFixture('pixel.png').slice();
  png[8 + 8 + 3] ^= 0x01; // a byte of IHDR's width
  assert.equal(sanitizeImage(png), null);
});
