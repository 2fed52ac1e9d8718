// Stores a chisme's image and marks the chisme as having one, leaving no half state: if
// storing fails nothing is marked; if marking fails the stored object is removed again.

/** Where images live (the private bucket `chismes`, object name = chisme id). */
export interface ImageStore {
  /** Stores the bytes; 'exists' when the chisme already has an object (never overwritten). */
  put(chismeId: string, bytes: Uint8Array, mime: string): Promise<'stored' | 'exists'>;
  /** Sets `file_exist` on the chisme. */
  markStored(chismeId: string): Promise<void>;
  remove(chismeId: string): Promise<void>;
}

export type StoreOutcome =
  | { kind: 'stored' }
  | { kind: 'exists' }
  | { kind: 'failed'; step: 'put' | 'mark'; cause: unknown; cleanupCause?: unknown };

export async function storeImage(
  store: ImageStore,
  chismeId: string,
  bytes: Uint8Array,
  mime: string,
): Promise<StoreOutcome> {
  try {
    if ((await store.put(chismeId, bytes, mime)) === 'exists') return { kind: 'exists' };
  } catch (cause) {
    return { kind: 'failed', step: 'put', cause };
  }
  try {
    await store.markStored(chismeId);
    return { kind: 'stored' };
  } catch (cause) {
    try {
      await store.remove(chismeId);
      return { kind: 'failed', step: 'mark', cause };
    } catch (cleanupCause) {
      return { kind: 'failed', step: 'mark', cause, cleanupCause };
    }
  }
}
