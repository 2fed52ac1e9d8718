// Compress a picked image to at most 1 MB and 1920 px before upload (library loaded on demand).
// No web worker: with `useWebWorker` the library loads its worker script from a public CDN
// (jsdelivr) on every upload, telling a third party who uploads when and failing offline. On
// the main thread it uses only the bundled code; a 1920 px canvas pass is short enough.
import { limits } from '../../../config/limits';

export async function compressImage(file: File): Promise<File> {
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, {
    maxSizeMB: limits.image.maxSizeMB,
    maxWidthOrHeight: limits.image.maxWidthOrHeight,
    useWebWorker: false,
  });
}
