// Whether a cotilleo image may be viewed now, and for how long a URL to it may be valid.
// Pure: the handler fetches the chisme as the caller sees it, this decides.
import { chismeRefusals, IMAGE_VIEW_WINDOW_MS } from '../_shared/chisme-image-rules.ts';
import type { ApiFailure } from '../_shared/http.ts';

/** A signed URL lives at most this long, and never past the chisme's window. */
export const MAX_URL_SECONDS = 60;

export interface ChismeForView {
  cotilleo: boolean;
  fileExist: boolean;
  createdAt: Date;
}

export const viewErrors = {
  ...chismeRefusals,
  noImage: { status: 404, code: 'chisme_image_not_found', message: 'Error API: Este chisme no tiene imagen' },
  windowClosed: {
    status: 410,
    code: 'chisme_image_expired',
    message: 'Error API: La imagen ya no está disponible',
  },
} as const satisfies Record<string, ApiFailure>;

/** Seconds the URL may live (1…60), or the refusal. */
export function viewSeconds(chisme: ChismeForView | null, now: Date): number | ApiFailure {
  if (!chisme) return viewErrors.chismeNotFound;
  if (!chisme.cotilleo || !chisme.fileExist) return viewErrors.noImage;
  const remainingMs = chisme.createdAt.getTime() + IMAGE_VIEW_WINDOW_MS - now.getTime();
  const seconds = Math.min(MAX_URL_SECONDS, Math.floor(remainingMs / 1000));
  return seconds >= 1 ? seconds : viewErrors.windowClosed;
}
