// Reading an upload's body: multipart (the first file part, options fields before it) or
// raw bytes with headers (local-stack/CONTRACT.md §2.2), within the bucket's size and mime-type limits.
import type { IncomingMessage } from 'node:http';
import type { StackConfig } from '../shared/config.ts';
import { hasNul, PayloadTooLarge, readBody, str } from '../shared/http.ts';
import { StorageError, type Bucket, type Upload } from './db.ts';

/**
 * Custom metadata as storage-api reads it: JSON (base64 in `x-metadata`); a value that does not
 * parse into an object, or that PostgreSQL could not store (NUL), is ignored, not an error.
 */
export function userMetadata(text: string | undefined, base64: boolean): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(base64 ? Buffer.from(text, 'base64').toString('utf8') : text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) && !hasNul(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function readUpload(req: IncomingMessage, bucket: Bucket, config: StackConfig): Promise<Upload> {
  const limit = Math.min(Number(bucket.file_size_limit ?? Infinity) || Infinity, config.fileSizeLimitBytes);
  let body: Buffer;
  try {
    body = await readBody(req, limit + 64 * 1024);
  } catch (error) {
    if (error instanceof PayloadTooLarge)
      throw new StorageError('413', 'Payload too large', 'The object exceeded the maximum allowed size', 400, 'EntityTooLarge');
    throw error;
  }
  const contentType = req.headers['content-type'] ?? '';
  let upload: Upload;
  if (contentType.startsWith('multipart/form-data')) {
    let form: FormData;
    try {
      form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body) }).formData();
    } catch (error) {
      throw new StorageError('400', 'InvalidRequest', (error as Error).message || 'No content provided', 400, 'InvalidRequest');
    }
    let file: File | undefined;
    for (const [, value] of form) if (!file && typeof value !== 'string') file = value;
    if (!file) throw new StorageError('400', 'InvalidRequest', 'No content provided', 400, 'InvalidRequest');
    const cacheControl = form.get('cacheControl');
    const metadata = form.get('metadata');
    upload = {
      bytes: Buffer.from(await file.arrayBuffer()),
      mimetype: str(form.get('contentType')) ?? (file.type || 'text/plain;charset=UTF-8'),
      cacheControl: typeof cacheControl === 'string' ? `max-age=${cacheControl}` : 'no-cache',
      userMetadata: userMetadata(str(metadata), false),
    };
  } else {
    const metadataHeader = str(req.headers['x-metadata']);
    upload = {
      bytes: body,
      mimetype: contentType || 'text/plain;charset=UTF-8',
      cacheControl: str(req.headers['cache-control']) ?? 'no-cache',
      userMetadata: userMetadata(metadataHeader, true),
    };
  }
  if (upload.bytes.length > limit) throw new StorageError('413', 'Payload too large', 'The object exceeded the maximum allowed size');
  const allowed = bucket.allowed_mime_types;
  const base = upload.mimetype.split(';')[0]!.trim();
  if (allowed?.length && !allowed.some((type) => type === base || (type.endsWith('/*') && base.startsWith(type.slice(0, -1))))) {
    throw new StorageError('415', 'invalid_mime_type', `mime type ${upload.mimetype} is not supported`);
  }
  return upload;
}
