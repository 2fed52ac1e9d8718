// Reads a request body up to a byte limit and stops there, whatever Content-Length or chunked
// transfer encoding claims: a larger body is cancelled after at most `limit` + one chunk, so
// memory stays bounded by the limit (request.formData() would buffer the whole body first).

export type BoundedBody = { kind: 'ok'; bytes: Uint8Array<ArrayBuffer> } | { kind: 'too_large' };

export async function readBoundedBody(request: Request, limit: number): Promise<BoundedBody> {
  if (!request.body) return { kind: 'ok', bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > limit) {
      // Stop reading: the sender's remaining bytes are never pulled into memory.
      await reader.cancel('body too large').catch(() => {});
      return { kind: 'too_large' };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { kind: 'ok', bytes };
}
