// Stores a chisme's image. Marking the chisme (`file_exist`) is not a second step here: a
// trigger on storage.objects sets it in the transaction that inserts the object's row (and
// clears it when the row is deleted), so the mark always follows the stored object itself
// and a crash at any point leaves either nothing or an object with its mark.

/** Where images live (the private bucket `chismes`, object name = chisme id). */
export interface ImageStore {
  /** Stores the bytes; 'exists' when the chisme already has an object (never overwritten). */
  put(chismeId: string, bytes: Uint8Array, mime: string): Promise<'stored' | 'exists'>;
}

export type StoreOutcome =
  | { kind: 'stored' }
  | { kind: 'exists' }
  | { kind: 'failed'; cause: unknown };

export async function storeImage(
  store: ImageStore,
  chismeId: string,
  bytes: Uint8Array,
  mime: string,
): Promise<StoreOutcome> {
  try {
    return { kind: await store.put(chismeId, bytes, mime) };
  } catch (cause) {
    return { kind: 'failed', cause };
  }
}
