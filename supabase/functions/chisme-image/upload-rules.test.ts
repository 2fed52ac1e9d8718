import assert from 'node:assert/strict';
import { IMAGE_VIEW_WINDOW_MS } from '../_shared/chisme-image-rules.ts';
import { uploadErrors } from './errors.ts';
import { type ChismeForUpload, refuseUpload } from './upload-rules.ts';

const now = new Date('2026-11-22T12:00:00Z');
const fresh: ChismeForUpload = { isMine: true, cotilleo: true, fileExist: false, createdAt: new Date(now.getTime() - 1000) };

Deno.test("the author's fresh cotilleo chisme without an image may get one", () => {
  assert.equal(refuseUpload(fresh, now), null);
});

Deno.test('refusals, in order: not found 404, not the author 403, casual 409, has an image 409', () => {
  assert.equal(refuseUpload(null, now), uploadErrors.chismeNotFound);
  assert.equal(refuseUpload({ ...fresh, isMine: false, cotilleo: false }, now), uploadErrors.notAuthor);
  assert.equal(refuseUpload({ ...fresh, cotilleo: false, fileExist: true }, now), uploadErrors.notCotilleo);
  assert.equal(refuseUpload({ ...fresh, fileExist: true }, now), uploadErrors.imageExists);
  assert.deepEqual(
    [uploadErrors.chismeNotFound.status, uploadErrors.notAuthor.status, uploadErrors.notCotilleo.status],
    [404, 403, 409],
  );
});

Deno.test('an image can still be added at exactly 20 minutes, not after', () => {
  const at = (ms: number) => ({ ...fresh, createdAt: new Date(now.getTime() - ms) });
  assert.equal(refuseUpload(at(IMAGE_VIEW_WINDOW_MS), now), null);
  assert.equal(refuseUpload(at(IMAGE_VIEW_WINDOW_MS + 1), now), uploadErrors.windowClosed);
});
