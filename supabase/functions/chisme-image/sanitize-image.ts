// Parses an uploaded image strictly and rewrites it without metadata, so what is stored (and
// later served to other users) is only what rendering needs.
//
// Why a small structure walker and not a library: the npm candidates either decode and
// re-encode pixels through native code that does not run in Deno edge functions (sharp), or
// cover one format's EXIF only (piexifjs: JPEG; exifr reads, never removes) and none of them
// refuses trailing data (polyglots). The four formats' container structures are small and
// well specified, so walking them is both the strict parse and the stripping in one pass.
//
// Kept: what decoding and colour need (JPEG JFIF without thumbnail, an ICC profile that parses
// as one, the Adobe colour transform in its standard form: jpeg-colour-segments.ts; PNG critical chunks, transparency, colour and animation chunks; GIF
// graphic control and looping extensions; WebP image, alpha, animation and ICC chunks).
// Dropped: EXIF, XMP, IPTC, comments, PNG text/time chunks, WebP EXIF/XMP, GIF comment, plain
// text and other application extensions, anything unknown. EXIF orientation is dropped with
// the rest, consistently for every image: the web app draws the photo onto a canvas before
// uploading, which already applies the orientation to the pixels.
//
// Refused (null): anything that does not parse to the format's end marker, or has any byte
// after it (a JPEG followed by HTML, a GIF whose header is JavaScript, …).

import type { ImageType } from './file-type.ts';
import { canonicalAdobePayload, type IccChunk, iccChunksFormProfile, isIccChunkPayload, isIccProfile, readIccChunk } from './jpeg-colour-segments.ts';

export interface CleanImage {
  mime: ImageType['mime'];
  bytes: Uint8Array;
}

export function sanitizeImage(bytes: Uint8Array): CleanImage | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return wrap('image/jpeg', cleanJpeg(bytes));
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return wrap('image/png', cleanPng(bytes));
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) {
    return wrap('image/gif', cleanGif(bytes));
  }
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes.subarray(8), ascii('WEBP'))) {
    return wrap('image/webp', cleanWebp(bytes));
  }
  return null;
}

function wrap(mime: CleanImage['mime'], bytes: Uint8Array | null): CleanImage | null {
  return bytes ? { mime, bytes } : null;
}

// ---------------------------------------------------------------------------------------- JPEG

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** Table and restart segments a decoder needs: DHT, DAC, DQT, DRI, DNL. */
const TABLE_MARKERS = new Set([0xc4, 0xcc, 0xdb, 0xdd, 0xdc]);

function cleanJpeg(b: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [b.subarray(0, 2)];
  let i = 2;
  let sawFrame = false;
  let sawScan = false;
  // ICC chunks are kept only if, all together, they form a profile that parses: they are put
  // back where the first one was once the whole file has been read.
  const iccChunks: IccChunk[] = [];
  const iccSegments: Uint8Array[] = [];
  let iccAt = -1;
  while (true) {
    if (i >= b.length || b[i] !== 0xff) return null;
    while (i < b.length && b[i] === 0xff) i++; // fill bytes before a marker
    if (i >= b.length) return null;
    const marker = b[i++];
    if (marker === 0xd9) {
      // EOI: the end; nothing may follow it.
      if (!sawScan || i !== b.length) return null;
      parts.push(Uint8Array.of(0xff, 0xd9));
      if (iccAt >= 0 && iccChunksFormProfile(iccChunks)) parts.splice(iccAt, 0, ...iccSegments);
      return concat(parts);
    }
    if (i + 2 > b.length) return null;
    const length = (b[i] << 8) | b[i + 1];
    if (length < 2 || i + length > b.length) return null;
    const segment = Uint8Array.of(0xff, marker);
    const body = b.subarray(i, i + length);
    const payload = body.subarray(2);
    i += length;
    if (marker === 0xda) {
      if (!sawFrame) return null;
      // Entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor RSTn.
      let j = i;
      while (j < b.length) {
        if (b[j] === 0xff && j + 1 < b.length) {
          const next = b[j + 1];
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) j += 2;
          else break;
        } else j++;
      }
      if (j >= b.length) return null;
      parts.push(segment, body, b.subarray(i, j));
      i = j;
      sawScan = true;
    } else if (SOF_MARKERS.has(marker)) {
      sawFrame = true;
      parts.push(segment, body);
    } else if (TABLE_MARKERS.has(marker)) {
      parts.push(segment, body);
    } else if (marker === 0xe0) {
      // JFIF without a thumbnail only (a thumbnail is a second, unchecked image).
      if (startsWith(payload, [...ascii('JFIF'), 0]) && payload.length === 14 && payload[12] === 0 && payload[13] === 0) {
        parts.push(segment, body);
      }
    } else if (marker === 0xe2 && isIccChunkPayload(payload)) {
      const chunk = readIccChunk(payload);
      if (chunk) {
        if (iccAt < 0) iccAt = parts.length;
        iccChunks.push(chunk);
        iccSegments.push(segment, body);
      } else iccChunks.push({ sequence: 0, count: 0, data: payload }); // malformed: drops the profile
    } else if (marker === 0xee) {
      const adobe = canonicalAdobePayload(payload);
      if (adobe) parts.push(segment, Uint8Array.of(0, adobe.length + 2), adobe);
    } else if ((marker >= 0xe1 && marker <= 0xef) || marker === 0xfe) {
      // APP1 EXIF/XMP, APP13 IPTC, other APPn, COM: metadata, dropped.
    } else {
      return null; // standalone markers outside a scan, JPG extensions, reserved: not an image
    }
  }
}

// ----------------------------------------------------------------------------------------- PNG

const PNG_KEPT = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND', // critical
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'sBIT',
  'bKGD',
  'pHYs', // rendering
  'acTL',
  'fcTL',
  'fdAT', // animation (APNG)
]);

function cleanPng(b: Uint8Array): Uint8Array | null {
  const parts: Uint8Array[] = [b.subarray(0, 8)];
  let i = 8;
  let first = true;
  let sawData = false;
  while (true) {
    if (i + 12 > b.length) return null;
    const length = readU32BE(b, i);
    if (length > 0x7fffffff || i + 12 + length > b.length) return null;
    const typeBytes = b.subarray(i + 4, i + 8);
    if (!typeBytes.every(isAsciiLetter)) return null;
    const type = String.fromCharCode(...typeBytes);
    const chunk = b.subarray(i, i + 12 + length);
    if (crc32(b.subarray(i + 4, i + 8 + length)) !== readU32BE(b, i + 8 + length)) return null;
    i += 12 + length;
    if (first && (type !== 'IHDR' || length !== 13)) return null;
    first = false;
    if (type === 'IEND') {
      if (!sawData || length !== 0 || i !== b.length) return null;
      parts.push(chunk);
      return concat(parts);
    }
    if (type === 'IDAT') sawData = true;
    if (PNG_KEPT.has(type)) parts.push(chunk);
    else if ((typeBytes[0] & 0x20) === 0) return null; // an unknown critical chunk: not decodable
    // tEXt, zTXt, iTXt, eXIf, tIME and unknown ancillary chunks: dropped.
  }
}

// ----------------------------------------------------------------------------------------- GIF

function cleanGif(b: Uint8Array): Uint8Array | null {
  if (b.length < 13) return null;
  let i = 13 + colorTableSize(b[10]);
  if (i > b.length) return null;
  const parts: Uint8Array[] = [b.subarray(0, i)];
  let sawImage = false;
  while (true) {
    if (i >= b.length) return null;
    const introducer = b[i];
    if (introducer === 0x3b) {
      if (!sawImage || i + 1 !== b.length) return null;
      parts.push(b.subarray(i, i + 1));
      return concat(parts);
    }
    if (introducer === 0x2c) {
      const start = i;
      if (i + 11 > b.length) return null;
      i += 10 + colorTableSize(b[i + 9]);
      if (i >= b.length) return null;
      const minCodeSize = b[i++];
      if (minCodeSize < 2 || minCodeSize > 11) return null;
      const end = skipSubBlocks(b, i);
      if (end < 0) return null;
      parts.push(b.subarray(start, end));
      i = end;
      sawImage = true;
    } else if (introducer === 0x21) {
      if (i + 2 > b.length) return null;
      const start = i;
      const label = b[i + 1];
      const end = skipSubBlocks(b, i + 2);
      if (end < 0) return null;
      i = end;
      if (label === 0xf9 || (label === 0xff && isLoopingApplication(b.subarray(start + 2, end)))) {
        parts.push(b.subarray(start, end));
      }
      // Comment (0xFE), plain text (0x01) and other application extensions (XMP …): dropped.
    } else {
      return null;
    }
  }
}

function colorTableSize(flags: number): number {
  return flags & 0x80 ? 3 * (1 << ((flags & 0x07) + 1)) : 0;
}

/** The offset after a chain of data sub-blocks (ending with a zero-length one), or -1. */
function skipSubBlocks(b: Uint8Array, i: number): number {
  while (i < b.length) {
    const size = b[i++];
    if (size === 0) return i;
    i += size;
  }
  return -1;
}

function isLoopingApplication(blocks: Uint8Array): boolean {
  if (blocks[0] !== 11) return false;
  const id = String.fromCharCode(...blocks.subarray(1, 12));
  return id === 'NETSCAPE2.0' || id === 'ANIMEXTS1.0';
}

// ---------------------------------------------------------------------------------------- WebP

const WEBP_KEPT = new Set(['VP8 ', 'VP8L', 'VP8X', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
const VP8X_EXIF_FLAG = 0x08;
const VP8X_XMP_FLAG = 0x04;
const VP8X_ICC_FLAG = 0x20;

function cleanWebp(b: Uint8Array): Uint8Array | null {
  if (b.length < 20 || readU32LE(b, 4) !== b.length - 8) return null;
  const parts: Uint8Array[] = [];
  let i = 12;
  let first: string | null = null;
  let sawImage = false;
  while (i < b.length) {
    if (i + 8 > b.length) return null;
    const typeBytes = b.subarray(i, i + 4);
    if (!typeBytes.every((byte) => byte >= 0x20 && byte <= 0x7e)) return null;
    const type = String.fromCharCode(...typeBytes);
    const size = readU32LE(b, i + 4);
    const end = i + 8 + size + (size & 1);
    if (end > b.length) return null;
    const data = b.subarray(i + 8, i + 8 + size);
    if (first === null) {
      first = type;
      if (type !== 'VP8 ' && type !== 'VP8L' && type !== 'VP8X') return null;
    }
    if (type === 'VP8 ') {
      // A key frame: 3-byte frame tag, then the start code 9D 01 2A.
      if (size < 10 || data[3] !== 0x9d || data[4] !== 0x01 || data[5] !== 0x2a) return null;
      sawImage = true;
    } else if (type === 'VP8L') {
      if (size < 5 || data[0] !== 0x2f) return null;
      sawImage = true;
    } else if (type === 'ANMF') sawImage = true;
    if (type === 'VP8X') {
      if (size !== 10) return null;
      const chunk = b.slice(i, end);
      chunk[8] &= ~(VP8X_EXIF_FLAG | VP8X_XMP_FLAG);
      parts.push(chunk);
    } else if (type === 'ICCP' && !isIccProfile(data)) {
      // A colour profile that does not parse is dropped, with its flag in the extended header.
      if (parts[0] && first === 'VP8X') parts[0][8] &= ~VP8X_ICC_FLAG;
    } else if (WEBP_KEPT.has(type)) {
      parts.push(b.subarray(i, end));
    }
    // EXIF, XMP and unknown chunks: dropped.
    i = end;
  }
  if (!sawImage || (first !== 'VP8X' && parts.length !== 1)) return null;
  const body = concat(parts);
  const header = new Uint8Array(12);
  header.set(ascii('RIFF'), 0);
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  header.set(ascii('WEBP'), 8);
  return concat([header, body]);
}

// ------------------------------------------------------------------------------------- helpers

function ascii(text: string): number[] {
  return Array.from(text, (char) => char.charCodeAt(0));
}

function startsWith(bytes: Uint8Array, prefix: ReadonlyArray<number>): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, index) => bytes[index] === byte);
}

function isAsciiLetter(byte: number): boolean {
  return (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a);
}

function readU32BE(b: Uint8Array, i: number): number {
  return ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];
}

function readU32LE(b: Uint8Array, i: number): number {
  return b[i] + (b[i + 1] << 8) + (b[i + 2] << 16) + ((b[i + 3] << 24) >>> 0);
}

export function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 as PNG defines it (over a chunk's type and data). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
