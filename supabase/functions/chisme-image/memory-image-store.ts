// An in-memory ImageStore for the handler and store-image tests (the real one, on Supabase
// Storage, is exercised by the integration tests through the local stack). Like the bucket's
// trigger, storing an object marks its chisme in the same step.
import type { ImageStore } from './store-image.ts';

export class MemoryImageStore implements ImageStore {
  readonly objects = new Map<string, { bytes: Uint8Array; mime: string }>();
  readonly marked = new Set<string>();
  readonly calls: Array<'put'> = [];

  constructor(private readonly options: { failOnPut?: boolean } = {}) {}

  put(chismeId: string, bytes: Uint8Array, mime: string): Promise<'stored' | 'exists'> {
    this.calls.push('put');
    if (this.options.failOnPut) return Promise.reject(new Error('put failed (test)'));
    if (this.objects.has(chismeId)) return Promise.resolve('exists');
    this.objects.set(chismeId, { bytes, mime });
    this.marked.add(chismeId);
    return Promise.resolve('stored');
  }
}
