// Compress a picked image to at most 1 MB and 1920 px before upload (library loaded on demand).
import { limits } from '../../../config/limits';

export async function compressImage(file: File): Promise<File> {
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, {
    maxSizeMB: limits.image.maxSizeMB,
    maxWidthOrHeight: limits.image.maxWidthOrHeight,
    useWebWorker: true,
  });
}
