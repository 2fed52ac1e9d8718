// Deletes the cotilleo images whose 20-minute window has closed, through the Storage API
// (hosted Supabase forbids deleting storage rows with SQL, and the bytes live outside the
// database). Deleting an object's row clears its chisme's `file_exist` (the bucket trigger).

export interface PurgeDeps {
  /** Names of objects past the window (`list_expired_chisme_images`), at most `limit`. */
  listExpired(limit: number): Promise<string[]>;
  remove(names: string[]): Promise<void>;
}

export const PURGE_BATCH = 100;

/** Purges in batches until nothing expired is left (or `maxBatches`); returns how many. */
export async function purgeExpiredImages(deps: PurgeDeps, maxBatches = 50): Promise<number> {
  let removed = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const names = await deps.listExpired(PURGE_BATCH);
    if (names.length === 0) break;
    await deps.remove(names);
    removed += names.length;
    if (names.length < PURGE_BATCH) break;
  }
  return removed;
}
