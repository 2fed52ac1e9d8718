import assert from 'node:assert/strict';
import { readFixture } from './fixtures.ts';
import { canonicalAdobePayload, iccChunksFormProfile, isIccProfile } from './jpeg-colour-segments.ts';
import { concat, jpegSegment, text } from './metadata-fixtures.ts';
import { sanitizeImage } from './sanitize-image.ts';

const latin1 = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

/** A minimal real-shaped ICC profile: header, one tag table entry, one 'XYZ ' tag (20 bytes). */
function iccProfile(extra: Uint8Array = new Uint8Array()): Uint8Array {
  const size = 128 + 4 + 12 + 20 + extra.length;
  const profile = new Uint8Array(size);
  const view = new DataView(profile.buffer);
  view.setUint32(0, size);
  profile.set(text('mntr'), 12);
  profile.set(text('RGB '), 16);
  profile.set(text('XYZ '), 20);
  profile.set(text('acsp'), 36);
  view.setUint32(128, 1);
  profile.set(text('wtpt'), 132);
  view.setUint32(136, 144);
  view.setUint32(140, 20);
  profile.set(text('XYZ '), 144);
  profile.set(extra, 164);
  return profile;
}

function iccSegments(profile: Uint8Array, pieces = 1): Uint8Array[] {
  const step = Math.ceil(profile.length / pieces);
  return Array.from(
    { length: pieces },
    (_, i) => jpegSegment(0xe2, concat(text('ICC_PROFILE\0'), Uint8Array.of(i + 1, pieces), profile.subarray(i * step, (i + 1) * step))),
  );
}

/** pixel.jpg without its own (real) ICC profile: its APP2 segments removed. */
function pixelWithoutIcc(): Uint8Array {
  const jpeg = readFixture('pixel.jpg');
  const kept: Uint8Array[] = [jpeg.subarray(0, 2)];
  let i = 2;
  while (jpeg[i] === 0xff && jpeg[i + 1] !== 0xda) {
    const end = i + 2 + ((jpeg[i + 2] << 8) | jpeg[i + 3]);
    if (jpeg[i + 1] !== 0xe2) kept.push(jpeg.subarray(i, end));
    i = end;
  }
  return concat(...kept, jpeg.subarray(i));
}

/** pixel.jpg (without its own profile) with the given segments right after its JFIF header. */
function jpegWith(...segments: Uint8Array[]): Uint8Array {
  const jpeg = pixelWithoutIcc();
  const afterJfif = 2 + 2 + ((jpeg[4] << 8) | jpeg[5]);
  return concat(jpeg.subarray(0, afterJfif), ...segments, jpeg.subarray(afterJfif));
}

const plain = () => sanitizeImage(pixelWithoutIcc())!.bytes;

Deno.test('the real ICC profile of a browser-encoded JPEG parses and is kept byte for byte', () => {
  const jpeg = readFixture('pixel.jpg');
  assert.ok(latin1(jpeg).includes('ICC_PROFILE'), 'the fixture carries a profile');
  assert.deepEqual(sanitizeImage(jpeg)?.bytes, jpeg);
  assert.ok(!latin1(plain()).includes('ICC_PROFILE'), 'the base of the other tests has none');
});

Deno.test('an ICC profile that parses is kept, in one chunk or split over several', () => {
  for (const pieces of [1, 3]) {
    const clean = sanitizeImage(jpegWith(...iccSegments(iccProfile(), pieces)));
    assert.ok(clean);
    assert.ok(latin1(clean.bytes).includes('acsp'), `${pieces} chunk(s): the profile is kept`);
    assert.equal(latin1(clean.bytes).split('ICC_PROFILE').length - 1, pieces);
    assert.deepEqual(sanitizeImage(clean.bytes)?.bytes, clean.bytes, 'idempotent');
  }
});

Deno.test('an APP2 "ICC" segment that is no profile is dropped, the image kept', () => {
  const hidden = text('<script>alert(1)</script> datos ocultos');
  const fakes: Array<[string, Uint8Array[]]> = [
    ['arbitrary bytes', [jpegSegment(0xe2, concat(text('ICC_PROFILE\0'), Uint8Array.of(1, 1), hidden))]],
    ['a profile with bytes after its last tag', iccSegments(iccProfile(hidden))],
    [
      'a declared size that lies',
      (() => {
        const p = iccProfile();
        new DataView(p.buffer).setUint32(0, p.length + 40);
        return iccSegments(concat(p, hidden));
      })(),
    ],
    ['chunks numbered out of range', [jpegSegment(0xe2, concat(text('ICC_PROFILE\0'), Uint8Array.of(2, 1), iccProfile()))]],
    ['a chunk missing', iccSegments(iccProfile(), 3).slice(0, 2)],
  ];
  for (const [name, segments] of fakes) {
    const clean = sanitizeImage(jpegWith(...segments));
    assert.ok(clean, `${name}: the image is still accepted`);
    assert.ok(!latin1(clean.bytes).includes('ICC_PROFILE'), `${name}: the segment is dropped`);
    assert.ok(!latin1(clean.bytes).includes('datos ocultos'), `${name}: no hidden bytes survive`);
    assert.deepEqual(clean.bytes, plain(), `${name}: the result is the plain image`);
  }
});

Deno.test('the profile parser: size, signature, tag table and padding', () => {
  assert.equal(isIccProfile(iccProfile()), true);
  const noSignature = iccProfile();
  noSignature[36] = 0x61 + 1;
  assert.equal(isIccProfile(noSignature), false);
  const tagOutside = iccProfile();
  new DataView(tagOutside.buffer).setUint32(140, 4000);
  assert.equal(isIccProfile(tagOutside), false);
  assert.equal(isIccProfile(iccProfile(new Uint8Array(4))), true, 'zero padding after the last tag is fine');
  assert.equal(iccChunksFormProfile([]), false);
});

Deno.test('APP14 Adobe is kept only in its standard form, rewritten to carry just the transform', () => {
  const adobe = (payload: Uint8Array) => sanitizeImage(jpegWith(jpegSegment(0xee, payload)));
  const standard = concat(text('Adobe'), Uint8Array.of(0x00, 0x65, 0xde, 0xad, 0xbe, 0xef, 1));
  const kept = adobe(standard);
  assert.ok(kept);
  const at = latin1(kept.bytes).indexOf('Adobe');
  assert.ok(at > 0, 'the standard form is kept');
  assert.deepEqual([...kept.bytes.subarray(at - 2, at + 12)], [0, 14, ...text('Adobe'), 0x00, 0x64, 0, 0, 0, 0, 1]);
  for (
    const [name, payload] of [
      ['longer than standard', concat(text('Adobe'), Uint8Array.of(0, 0x64, 0, 0, 0, 0, 1), text('datos ocultos'))],
      ['an unknown transform', concat(text('Adobe'), Uint8Array.of(0, 0x64, 0, 0, 0, 0, 7))],
      ['too short', text('Adobe')],
    ] as Array<[string, Uint8Array]>
  ) {
    const clean = adobe(payload);
    assert.ok(clean, `${name}: the image is still accepted`);
    assert.ok(!latin1(clean.bytes).includes('Adobe'), `${name}: dropped`);
  }
  assert.equal(canonicalAdobePayload(standard)?.length, 12);
});
