// Whether the caller may attach an image to a chisme, decided from what `get_chisme` tells the
// caller about it. Pure: the handler fetches, this decides.
import type { ApiFailure } from '../_shared/http.ts';
import { uploadErrors } from './errors.ts';

/** What the upload needs to know of a chisme, as the caller sees it through `get_chisme`. */
export interface ChismeForUpload {
  isMine: boolean;
  cotilleo: boolean;
  fileExist: boolean;
  createdAt: Date;
}

/**
 * A cotilleo image can be seen for 20 minutes after the chisme is created (spec; the storage
 * read policy enforces it). An image stored later could never be seen, so it is refused.
 */
export const IMAGE_VIEW_WINDOW_MS = 20 * 60 * 1000;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isChismeId(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value);
}

/** The refusal for this chisme, or null when the caller may upload its image now. */
export function refuseUpload(chisme: ChismeForUpload | null, now: Date): ApiFailure | null {
  if (!chisme) return uploadErrors.chismeNotFound;
  if (!chisme.isMine) return uploadErrors.notAuthor;
  if (!chisme.cotilleo) return uploadErrors.notCotilleo;
  if (chisme.fileExist) return uploadErrors.imageExists;
  if (now.getTime() - chisme.createdAt.getTime() > IMAGE_VIEW_WINDOW_MS) return uploadErrors.windowClosed;
  return null;
}
