// Reading an upload's body: multipart (the first file part, options fields before it) or
// raw bytes with headers (contract §2.2), within the bucket's size and mime-type limits.
import type { IncomingMessage } from 'node:http';
import type { StackConfig } from './config.ts';
import { PayloadTooLarge, readBody, str } from './http.ts';
import { StorageError, type Bucket, type Upload } from './storage-db.ts';

export async function readUpload(req: IncomingMessage, bucket: Bucket, config: StackConfig): Promise<Upload> {
  const limit = Math.min(Number(bucket.file_size_limit ?? Infinity) || Infinity, config.fileSizeLimitBytes);
  let body: Buffer;
  try {
    body = await readBody(req, limit + 64 * 1024);
  } catch (error) {
    if (error instanceof PayloadTooLarge) throw new StorageError('413', 'Payload too large', 'The object exceeded the maximum allowed size');
    throw error;
  }
  const contentType = req.headers['content-type'] ?? '';
  let upload: Upload;
  if (contentType.startsWith('multipart/form-data')) {
    const form = await new Request('http://local/', { method: 'POST', headers: { 'content-type': contentType }, body: new Uint8Array(body) }).formData();
    let file: File | undefined;
    for (const [, value] of form) if (!file && typeof value !== 'string') file = value;
    if (!file) throw new StorageError('400', 'InvalidRequest', 'No file part in the upload');
    const cacheControl = form.get('cacheControl');
    const metadata = form.get('metadata');
    upload = {
      bytes: Buffer.from(await file.arrayBuffer()),
      mimetype: str(form.get('contentType')) ?? (file.type || 'text/plain;charset=UTF-8'),
      cacheControl: typeof cacheControl === 'string' ? `max-age=${cacheControl}` : 'no-cache',
      userMetadata: typeof metadata === 'string' && metadata ? (JSON.parse(metadata) as Record<string, unknown>) : null,
    };
  } else {
    const metadataHeader = str(req.headers['x-metadata']);
    upload = {
      bytes: body,
      mimetype: contentType || 'text/plain;charset=UTF-8',
      cacheControl: str(req.headers['cache-control']) ?? 'no-cache',
      userMetadata: metadataHeader ? (JSON.parse(Buffer.from(metadataHeader, 'base64').toString('utf8')) as Record<string, unknown>) : null,
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
