// "Descargar mis datos" as one download: a zip of the document as get_my_data answers it
// (mis-datos.json, for other programs) and its readable Spanish page (LEEME.html), made here,
// with no server round trip and no request of any kind.
import { exportTexts } from '../../../i18n/es/export';
import { readableExport } from './readable-export';
import { storedZip } from './stored-zip';

/** The zip's bytes, dates of the page in `timeZone`. */
export function myDataZip(data: unknown, timeZone: string): Uint8Array {
  const encoder = new TextEncoder();
  const document = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return storedZip([
    { name: exportTexts.jsonName, data: encoder.encode(JSON.stringify(data, null, 2)) },
    { name: exportTexts.pageName, data: encoder.encode(readableExport(document, timeZone)) },
  ]);
}

/** Saves the zip through a temporary link. */
export function downloadMyData(data: unknown): void {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const bytes = myDataZip(data, timeZone);
  const url = URL.createObjectURL(new Blob([bytes.buffer as ArrayBuffer], { type: 'application/zip' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = exportTexts.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
