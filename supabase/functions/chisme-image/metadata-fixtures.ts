// Images carrying metadata, and polyglots, built from the committed browser-encoded pixels
// (fixtures/pixel.*) by inserting the segments and chunks real cameras and editors write. Each
// piece of metadata carries a marker text, so a test can prove the stored bytes lack it.
import { concat as concatParts, crc32 } from './sanitize-image.ts';
import { readFixture } from './fixtures.ts';

/** Texts placed inside the metadata; none of them may survive sanitising. */
export const metadataMarkers = ['ChismeCam', 'Autora Secreta', 'GPSLatitude', 'xmpmeta', 'Comentario oculto'];

export const text = (value: string) => new TextEncoder().encode(value);

export const concat = (...parts: Uint8Array[]): Uint8Array => concatParts(parts);

export function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  const length = payload.length + 2;
  return concat(Uint8Array.of(0xff, marker, length >> 8, length & 0xff), payload);
}

/**
 * A little-endian TIFF as EXIF carries it: IFD0 with Make and Artist, and a GPS IFD with
 * latitude ref and latitude (40° 25' 0" N: Madrid), all real tag numbers.
 */
export function exifPayload(): Uint8Array {
  const make = text('ChismeCam\0');
  const artist = text('Autora Secreta\0');
  const buffer = new ArrayBuffer(200);
  const view = new DataView(buffer);
  const bytes = new Uint8Array(buffer);
  bytes.set(text('II'), 0);
  view.setUint16(2, 42, true);
  view.setUint32(4, 8, true);
  // IFD0 at 8: 3 entries (Make 0x010F, Artist 0x013B, GPSInfo 0x8825), next IFD 0.
  view.setUint16(8, 3, true);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    view.setUint16(at, tag, true);
    view.setUint16(at + 2, type, true);
    view.setUint32(at + 4, count, true);
    view.setUint32(at + 8, value, true);
  };
  const dataStart = 8 + 2 + 3 * 12 + 4; // 50
  entry(10, 0x010f, 2, make.length, dataStart);
  entry(22, 0x013b, 2, artist.length, dataStart + make.length);
  const gpsIfd = dataStart + make.length + artist.length + 1; // even offset
  entry(34, 0x8825, 4, 1, gpsIfd);
  bytes.set(make, dataStart);
  bytes.set(artist, dataStart + make.length);
  // GPS IFD: GPSLatitudeRef "N", GPSLatitude 3 rationals.
  view.setUint16(gpsIfd, 2, true);
  entry(gpsIfd + 2, 0x0001, 2, 2, 0x4e);
  const rationals = gpsIfd + 2 + 2 * 12 + 4;
  entry(gpsIfd + 14, 0x0002, 5, 3, rationals);
  [40, 1, 25, 1, 0, 1].forEach((value, index) => view.setUint32(rationals + 4 * index, value, true));
  const used = rationals + 24;
  return concat(text('Exif\0\0'), bytes.subarray(0, used), text('GPSLatitude'));
}

const xmp = () =>
  text(
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF><rdf:Description exif:GPSLatitude="40,25.0N" ' +
      'dc:creator="Autora Secreta"/></rdf:RDF></x:xmpmeta>',
  );

/** pixel.jpg with EXIF (camera, author, GPS), XMP, IPTC and a comment after its JFIF header. */
export function jpegWithMetadata(): Uint8Array {
  const jpeg = readFixture('pixel.jpg');
  const afterJfif = 2 + 2 + ((jpeg[4] << 8) | jpeg[5]);
  return concat(
    jpeg.subarray(0, afterJfif),
    jpegSegment(0xe1, exifPayload()),
    jpegSegment(0xe1, concat(text('http://ns.adobe.com/xap/1.0/\0'), xmp())),
    jpegSegment(0xed, text('Photoshop 3.0\x008BIM Autora Secreta')),
    jpegSegment(0xfe, text('Comentario oculto')),
    jpeg.subarray(afterJfif),
  );
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const head = new Uint8Array(8);
  new DataView(head.buffer).setUint32(0, data.length);
  head.set(text(type), 4);
  const crc = new Uint8Array(4);
  new DataView(crc.buffer).setUint32(0, crc32(concat(text(type), data)));
  return concat(head, data, crc);
}

/** pixel.png with tEXt, iTXt (XMP), zTXt and eXIf chunks after IHDR. */
export function pngWithMetadata(): Uint8Array {
  const png = readFixture('pixel.png');
  const afterIhdr = 8 + 12 + 13;
  return concat(
    png.subarray(0, afterIhdr),
    pngChunk('tEXt', text('Author\0Autora Secreta')),
    pngChunk('iTXt', concat(text('XML:com.adobe.xmp\0\0\0\0\0'), xmp())),
    pngChunk('tEXt', text('Comment\0Comentario oculto')),
    pngChunk('eXIf', exifPayload().subarray(6)),
    png.subarray(afterIhdr),
  );
}

function riffChunk(type: string, data: Uint8Array): Uint8Array {
  const head = new Uint8Array(8);
  head.set(text(type), 0);
  new DataView(head.buffer).setUint32(4, data.length, true);
  return concat(head, data, data.length % 2 ? Uint8Array.of(0) : new Uint8Array(0));
}

/** pixel.webp (a simple VP8 file) turned extended: VP8X with EXIF and XMP flags, both chunks. */
export function webpWithMetadata(): Uint8Array {
  const webp = readFixture('pixel.webp');
  const image = webp.subarray(12);
  const vp8x = new Uint8Array(10);
  vp8x[0] = 0x08 | 0x04; // EXIF and XMP present
  // Canvas 16×16, stored minus one in 24 bits.
  vp8x[4] = 15;
  vp8x[7] = 15;
  const body = concat(
    riffChunk('VP8X', vp8x),
    image,
    riffChunk('EXIF', exifPayload().subarray(6)),
    riffChunk('XMP ', xmp()),
  );
  const header = new Uint8Array(12);
  header.set(text('RIFF'), 0);
  new DataView(header.buffer).setUint32(4, body.length + 4, true);
  header.set(text('WEBP'), 8);
  return concat(header, body);
}

/** pixel.gif with a comment extension and an XMP application extension. */
export function gifWithMetadata(): Uint8Array {
  const gif = readFixture('pixel.gif');
  const afterTable = 13 + 6; // 2-colour global table
  const comment = text('Comentario oculto');
  const xmpData = xmp();
  const subBlocks = (data: Uint8Array) => {
    const out: Uint8Array[] = [];
    for (let i = 0; i < data.length; i += 255) {
      const piece = data.subarray(i, i + 255);
      out.push(Uint8Array.of(piece.length), piece);
    }
    return concat(...out, Uint8Array.of(0));
  };
  return concat(
    gif.subarray(0, afterTable),
    Uint8Array.of(0x21, 0xfe),
    subBlocks(comment),
    Uint8Array.of(0x21, 0xff, 11),
    text('XMP DataXMP'),
    subBlocks(xmpData),
    gif.subarray(afterTable),
  );
}

/** Files that begin like an image but are something else too: each must be refused. */
export function polyglots(): Array<[name: string, bytes: Uint8Array]> {
  const html = text('<html><script>alert(document.cookie)</script></html>');
  return [
    ['a JPEG followed by HTML', concat(readFixture('pixel.jpg'), html)],
    ['a PNG followed by HTML', concat(readFixture('pixel.png'), html)],
    ['a GIF followed by HTML', concat(readFixture('pixel.gif'), html)],
    ['the GIF89a=1;alert(1);// script', text('GIF89a=1;alert(1);//' + '\0'.repeat(40))],
    ['a WebP with HTML after its RIFF end', concat(readFixture('pixel.webp'), html)],
    ['a JPEG with HTML in place of its scan', concat(readFixture('pixel.jpg').subarray(0, 200), html)],
  ];
}
