// The two JPEG colour segments kept by sanitize-image.ts, kept only in a form a decoder reads
// and nothing else can hide in:
//
// * ICC profile (APP2 "ICC_PROFILE\0", split over numbered chunks; ICC.1:2022 §7 and its JPEG
//   annex B.4): kept only when the chunks are numbered 1..n exactly once each and join into one
//   profile that parses — its declared size is its real size, the 'acsp' signature is in place,
//   the tag table fits, every tag's data lies inside the profile, and every byte not claimed by
//   the header, the tag table or a tag is zero padding. Anything else (a chunk out of order, a
//   declared size that lies, bytes after the last tag) drops the whole profile, never the image:
//   the image then decodes as sRGB, which is what a browser assumes without a profile.
// * Adobe (APP14 "Adobe"; Adobe Technical Note #5116): only its standard 12-byte form, rewritten
//   with the version 100 and both flag words zero, so that the colour transform byte (0, 1 or 2)
//   is the only value carried over.

const ICC_SIGNATURE = [...'ICC_PROFILE'].map((c) => c.charCodeAt(0)).concat(0);
const ADOBE_SIGNATURE = [...'Adobe'].map((c) => c.charCodeAt(0));
const ICC_HEADER_BYTES = 128;

/** One APP2 segment's payload (after the length), if it is an ICC chunk. */
export interface IccChunk {
  sequence: number;
  count: number;
  data: Uint8Array;
}

export function readIccChunk(payload: Uint8Array): IccChunk | null {
  if (payload.length < ICC_SIGNATURE.length + 2 || !ICC_SIGNATURE.every((byte, i) => payload[i] === byte)) return null;
  return { sequence: payload[12], count: payload[13], data: payload.subarray(14) };
}

export function isIccChunkPayload(payload: Uint8Array): boolean {
  return payload.length >= ICC_SIGNATURE.length && ICC_SIGNATURE.every((byte, i) => payload[i] === byte);
}

/** The chunks in file order form one profile that parses (see above). */
export function iccChunksFormProfile(chunks: IccChunk[]): boolean {
  const count = chunks.length;
  if (count === 0 || count > 255) return false;
  const ordered = [...chunks].sort((a, b) => a.sequence - b.sequence);
  if (!ordered.every((chunk, i) => chunk.sequence === i + 1 && chunk.count === count)) return false;
  const total = ordered.reduce((sum, chunk) => sum + chunk.data.length, 0);
  const profile = new Uint8Array(total);
  let at = 0;
  for (const chunk of ordered) {
    profile.set(chunk.data, at);
    at += chunk.data.length;
  }
  return isIccProfile(profile);
}

export function isIccProfile(profile: Uint8Array): boolean {
  if (profile.length < ICC_HEADER_BYTES + 4) return false;
  const view = new DataView(profile.buffer, profile.byteOffset, profile.byteLength);
  if (view.getUint32(0) !== profile.length) return false;
  if (String.fromCharCode(...profile.subarray(36, 40)) !== 'acsp') return false;
  const tagCount = view.getUint32(ICC_HEADER_BYTES);
  const tableEnd = ICC_HEADER_BYTES + 4 + tagCount * 12;
  if (tagCount === 0 || tagCount > 1000 || tableEnd > profile.length) return false;
  const claimed = new Uint8Array(profile.length);
  claimed.fill(1, 0, tableEnd);
  for (let t = 0; t < tagCount; t++) {
    const entry = ICC_HEADER_BYTES + 4 + t * 12;
    const offset = view.getUint32(entry + 4);
    const size = view.getUint32(entry + 8);
    if (size < 8 || offset < tableEnd || offset + size > profile.length) return false;
    claimed.fill(1, offset, offset + size);
  }
  // Padding between and after tags (4-byte alignment) must be zero: no room for other data.
  for (let i = 0; i < profile.length; i++) if (!claimed[i] && profile[i] !== 0) return false;
  return true;
}

/** The canonical APP14 payload for an Adobe segment in its standard form, or null to drop it. */
export function canonicalAdobePayload(payload: Uint8Array): Uint8Array | null {
  if (payload.length !== 12 || !ADOBE_SIGNATURE.every((byte, i) => payload[i] === byte)) return null;
  const transform = payload[11];
  if (transform > 2) return null;
  return Uint8Array.of(...ADOBE_SIGNATURE, 0x00, 0x64, 0, 0, 0, 0, transform);
}
