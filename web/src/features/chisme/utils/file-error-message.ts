// Storage failures mapped to the file messages of spec section 8.
import { files } from '../../../i18n/es/files';
import { ApiError } from '../../../lib/api-error';

export function fileErrorMessage(error: unknown): string {
  const status = error instanceof ApiError ? error.status : undefined;
  // 410: the 20-minute window has closed and the image is (or is about to be) deleted.
  if (status === 404 || status === 410) return files.notFound;
  if (status === 400 || status === 401 || status === 403) return files.noAccess;
  if (status === 402) return files.loadLater;
  return files.loadProblem;
}
