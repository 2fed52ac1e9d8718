// An in-memory ImageStore for the handler and store-image tests (the real one, on Supabase
// Storage, is exercised by the integration tests through the local stack).
import type { ImageStore } from './store-image.ts';

type Step = 'put' | 'markStored' | 'remove';

export class MemoryImageStore implements ImageStore {
  readonly objects = new Map<string, { bytes: Uint8Array; mime: string }>();
  readonly marked = new Set<string>();
  readonly calls: Step[] = [];

  constructor(private readonly options: { failOn?: Step } = {}) {}

  put(chismeId: string, bytes: Uint8Array, mime: string): Promise<'stored' | 'exists'> {
    this.step('put');
    if (this.objects.has(chismeId)) return Promise.resolve('exists');
    this.objects.set(chismeId, { bytes, mime });
    return Promise.resolve('stored');
  }

  markStored(chismeId: string): Promise<void> {
    this.step('markStored');
    this.marked.add(chismeId);
    return Promise.resolve();
  }

  remove(chismeId: string): Promise<void> {
    this.step('remove');
    this.objects.delete(chismeId);
    return Promise.resolve();
  }

  private step(step: Step): void {
    this.calls.push(step);
    if (this.options.failOn === step) throw new Error(`${step} failed (test)`);
  }
}
