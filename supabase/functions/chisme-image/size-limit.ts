// How large an image may be. The web app compresses every image to 1 MB (1920 px side) with
// browser-image-compression before uploading (spec: "max 1 MB"). That library treats 1 MB as
// a target, not a hard cap: its last pass may land a little above it. So the function allows
// a 10 % margin over 1 MiB, enough for that overshoot and far below anything uncompressed.

export const COMPRESSED_IMAGE_BYTES = 1024 * 1024;
export const SIZE_MARGIN = 0.1;
export const MAX_IMAGE_BYTES = Math.floor(COMPRESSED_IMAGE_BYTES * (1 + SIZE_MARGIN)); // 1,153,433

/**
 * The whole multipart request may exceed the file by its boundaries, part headers and the
 * chisme id; 16 KiB is far more than those need. A larger Content-Length is refused before the
 * body is read.
 */
export const MAX_REQUEST_BYTES = MAX_IMAGE_BYTES + 16 * 1024;

export function isWithinImageLimit(size: number): boolean {
  return size <= MAX_IMAGE_BYTES;
}

/** False only when the request declares a length above the limit; chunked bodies pass here. */
export function isWithinRequestLimit(contentLength: string | null): boolean {
  if (contentLength === null) return true;
  const length = Number(contentLength);
  return !Number.isFinite(length) || length <= MAX_REQUEST_BYTES;
}
