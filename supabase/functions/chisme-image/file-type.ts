// The real type of an uploaded file, read from its first bytes (magic numbers). The file's
// name and the type its sender declares are ignored: both are whatever the sender says.

export interface ImageType {
  mime: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp';
}

/** How many leading bytes the longest signature below needs (WebP: RIFF, size, WEBP). */
export const SIGNATURE_BYTES = 12;

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

/** Each allowed type: byte values by offset (`null` = any byte, e.g. the RIFF chunk size). */
const signatures: ReadonlyArray<{ mime: ImageType['mime']; bytes: ReadonlyArray<number | null> }> = [
  { mime: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { mime: 'image/png', bytes: [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/gif', bytes: ascii('GIF87a') },
  { mime: 'image/gif', bytes: ascii('GIF89a') },
  { mime: 'image/webp', bytes: [...ascii('RIFF'), null, null, null, null, ...ascii('WEBP')] },
];

/** The allowed image type the bytes begin with, or null (too short, or anything else). */
export function sniffImageType(head: Uint8Array): ImageType | null {
  const match = signatures.find(({ bytes }) => head.length >= bytes.length && bytes.every((byte, index) => byte === null || head[index] === byte));
  return match ? { mime: match.mime } : null;
}
