// Journey 14: a cotilleo photo stays private (docs/decisions/0011-private-cotilleo-images.md). The author uploads, through the UI, a
// JPEG carrying EXIF (camera, author, GPS position), XMP, IPTC and a comment
// (fixtures/gps-photo.jpg, made by supabase/functions/chisme-image/metadata-fixtures.ts); a
// second person opens it in the viewer, whose URL the server issued for at most 60 s, and the
// bytes they download carry none of that metadata. Throughout, neither browser talks to any
// host but the app and the API (recorded by support/request-hosts.ts for every journey).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { snap } from '../support/browser.ts';
import { card, publishNew, switchToCotilleo } from '../support/chismes.ts';
import { sqlOne } from '../support/db.ts';
import { API_URL } from '../support/env.ts';
import { thirdPartyRequestsOf, useBrowser } from '../support/journey.ts';
import { allowedOrigins, isThirdParty } from '../support/request-hosts.ts';
import { signedInPerson } from '../support/users.ts';

useBrowser();

const photo = fileURLToPath(new URL('../fixtures/gps-photo.jpg', import.meta.url));
const metadata = ['Exif', 'GPSLatitude', 'ChismeCam', 'Autora Secreta', 'xmpmeta', '8BIM', 'Comentario oculto'];
const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('journey 14: private cotilleo image', () => {
  it('a GPS-tagged photo uploaded in the UI reaches another person without any metadata, and no third party is contacted', async () => {
    // The guard every journey runs under tells the app and the API from anyone else.
    const allowed = allowedOrigins('http://127.0.0.1:4173');
    expect(isThirdParty('https://cdn.jsdelivr.net/npm/browser-image-compression/dist/browser-image-compression.js', allowed)).toBe(true);
    expect(isThirdParty('http://127.0.0.1:9999/x', allowed)).toBe(true);
    expect(isThirdParty(`${API_URL}/functions/v1/chisme-image-url`, allowed)).toBe(false);
    expect(isThirdParty(`${API_URL.replace('http', 'ws')}/realtime/v1/websocket`, allowed)).toBe(false);
    expect(isThirdParty('http://127.0.0.1:4173/assets/index.js', allowed)).toBe(false);
    expect(isThirdParty('blob:http://127.0.0.1:4173/1234', allowed)).toBe(false);

    // The fixture really carries the metadata the server must remove.
    for (const marker of metadata) expect(latin1(readFileSync(photo))).toContain(marker);

    const { page: author } = await signedInPerson('author', 'fotografa');
    await switchToCotilleo(author);
    const content = await publishNew(author, 'Foto con GPS', { image: photo });
    await card(author, content).getByRole('button', { name: 'Ver imagen' }).waitFor();
    const chisme = await sqlOne<{ id: string; file_exist: boolean }>('select id, file_exist from public.chismes where content = $1', [content]);
    expect(chisme.file_exist).toBe(true);

    const { page: viewer } = await signedInPerson('viewer', 'curiosa');
    await switchToCotilleo(viewer);
    const imageUrlAnswer = viewer.waitForResponse((response) => response.url().endsWith('/functions/v1/chisme-image-url'));
    await card(viewer, content).getByRole('button', { name: 'Ver imagen' }).click();
    const issued = (await (await imageUrlAnswer).json()) as { url: string; expires_in: number };
    expect(issued.expires_in).toBeGreaterThan(0);
    expect(issued.expires_in).toBeLessThanOrEqual(60);
    const imageDialog = viewer.getByRole('dialog', { name: 'Imagen del chisme' });
    const img = imageDialog.getByRole('img', { name: 'Imagen del chisme' });
    await img.waitFor();
    await expect.poll(() => img.evaluate((node) => (node as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    const src = await img.getAttribute('src');
    expect(src).toBe(issued.url);
    expect(new URL(src!).origin).toBe(new URL(API_URL).origin);
    await snap(viewer, '14-private-image-viewer');

    // What the second person downloaded: a JPEG without any of the metadata.
    const download = await fetch(src!);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^image\/(jpeg|png|webp|gif)$/);
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    for (const marker of metadata) expect(latin1(bytes)).not.toContain(marker);

    expect(thirdPartyRequestsOf(author)).toEqual([]);
    expect(thirdPartyRequestsOf(viewer)).toEqual([]);
  });
});
