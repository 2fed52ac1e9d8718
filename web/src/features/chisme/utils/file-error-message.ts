// Storage failures mapped to the file messages of spec section 8.
import { files } from '../../../i18n/es/files';
import { ApiError } from '../../../lib/api-error';

export function fileErrorMessage(error: unknown): string {
  const status = error instanceof ApiError ? error.status : undefined;
  if (status === 404) return files.notFound;
  if (status === 400 || status === 401 || status === 403) return files.noAccess;
  if (status === 402) return files.loadLater;
  return files.loadProblem;
}
