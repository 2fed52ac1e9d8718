// Whether the caller may attach an image to a chisme, decided from what `get_chisme` tells the
// caller about it. Pure: the handler fetches, this decides.
import { IMAGE_VIEW_WINDOW_MS } from '../_shared/chisme-image-rules.ts';
import type { ApiFailure } from '../_shared/http.ts';
import { uploadErrors } from './errors.ts';

/** What the upload needs to know of a chisme, as the caller sees it through `get_chisme`. */
export interface ChismeForUpload {
  isMine: boolean;
  cotilleo: boolean;
  fileExist: boolean;
  createdAt: Date;
}

/** The refusal for this chisme, or null when the caller may upload its image now (an image
 * stored after the view window could never be seen, so it is refused). */
export function refuseUpload(chisme: ChismeForUpload | null, now: Date): ApiFailure | null {
  if (!chisme) return uploadErrors.chismeNotFound;
  if (!chisme.isMine) return uploadErrors.notAuthor;
  if (!chisme.cotilleo) return uploadErrors.notCotilleo;
  if (chisme.fileExist) return uploadErrors.imageExists;
  if (now.getTime() - chisme.createdAt.getTime() > IMAGE_VIEW_WINDOW_MS) return uploadErrors.windowClosed;
  return null;
}
