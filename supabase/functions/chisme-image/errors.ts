// Every refusal chisme-image answers with: status, stable code, Spanish message. The two
// texts the spec gives are verbatim; the others follow their style.
import { chismeRefusals } from '../_shared/chisme-image-rules.ts';
import type { ApiFailure } from '../_shared/http.ts';
import { COMPRESSED_IMAGE_BYTES } from './size-limit.ts';

const megabytes = COMPRESSED_IMAGE_BYTES / (1024 * 1024);

export const uploadErrors = {
  noFile: { status: 400, code: 'file_missing', message: 'Error API: No se proporcionó ningún archivo' },
  typeNotAllowed: { status: 400, code: 'file_type_not_allowed', message: 'Error API: Tipo de archivo no permitido' },
  tooLarge: {
    status: 413,
    code: 'file_too_large',
    message: `Error API: El archivo supera el tamaño máximo de ${megabytes} MB`,
  },
  ...chismeRefusals,
  notAuthor: { status: 403, code: 'chisme_not_owned', message: 'Error API: Solo el autor del chisme puede subir su imagen' },
  notCotilleo: {
    status: 409,
    code: 'chisme_not_cotilleo',
    message: 'Error API: Solo los chismes en modo cotilleo pueden llevar imagen',
  },
  imageExists: { status: 409, code: 'chisme_image_exists', message: 'Error API: Este chisme ya tiene una imagen' },
  windowClosed: {
    status: 409,
    code: 'chisme_image_window_closed',
    message: 'Error API: Ya no se puede añadir una imagen a este chisme',
  },
  userSuspended: {
    status: 403,
    code: 'user_suspended',
    message: 'Error API: Tu cuenta está suspendida temporalmente y no puede publicar',
  },
  storeFailed: { status: 500, code: 'image_store_failed', message: 'Error API: No se pudo subir la imagen' },
} as const satisfies Record<string, ApiFailure>;
