// The single-chisme read: the first-load answer once, the primary after one's own write, null
// for what the database does not show the caller.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { rememberEarly } from '../../../lib/early-request';
import { aChisme } from '../../../test-utils/fixtures';
import { chismeKeys } from './chisme-keys';
import { getChisme } from './get-chisme';

const rpc = vi.fn();
vi.mock('../../../lib/supabase', () => ({ supabase: { rpc: (...args: unknown[]) => rpc(...args) } }));

describe('getChisme', () => {
  beforeEach(() => rpc.mockReset());

  it('takes the first-load answer for its key once, then asks the database over GET', async () => {
    const early = aChisme({ id: 'early-1', content: 'Del script de index.html' });
    rememberEarly(JSON.stringify(chismeKeys.one('early-1')), Promise.resolve(early));
    expect(await getChisme('early-1')).toEqual(early);
    expect(rpc).not.toHaveBeenCalled();

    rpc.mockResolvedValue({ data: aChisme({ id: 'early-1', likes: 9 }), error: null });
    expect(await getChisme('early-1')).toMatchObject({ likes: 9 });
    expect(rpc).toHaveBeenCalledWith('get_chisme', { p_id: 'early-1' }, { get: true });
  });

  it("asks the primary (POST) after one's own write, never the first-load answer", async () => {
    rememberEarly(JSON.stringify(chismeKeys.one('early-2')), Promise.resolve(aChisme({ id: 'early-2', comments: 0 })));
    rpc.mockResolvedValue({ data: aChisme({ id: 'early-2', comments: 1 }), error: null });
    expect(await getChisme('early-2', { primary: true })).toMatchObject({ comments: 1 });
    expect(rpc).toHaveBeenCalledWith('get_chisme', { p_id: 'early-2' }, { get: false });
  });

  it('falls back to the database when the first-load request failed', async () => {
    const failed = Promise.reject(new Error('offline'));
    failed.catch(() => undefined);
    rememberEarly(JSON.stringify(chismeKeys.one('early-3')), failed);
    rpc.mockResolvedValue({ data: aChisme({ id: 'early-3' }), error: null });
    expect(await getChisme('early-3')).toMatchObject({ id: 'early-3' });
    expect(rpc).toHaveBeenCalledTimes(1);
  });

  it('answers null for an unknown or hidden chisme (the database answers null or an empty row)', async () => {
    rpc.mockResolvedValueOnce({ data: null, error: null }).mockResolvedValueOnce({ data: { id: null }, error: null });
    expect(await getChisme('c-unknown')).toBeNull();
    expect(await getChisme('c-hidden')).toBeNull();
  });

  it('throws the stable error key the database raised', async () => {
    rpc.mockResolvedValue({ data: null, error: { message: 'chisme_id_invalid', code: 'P0001', details: null, hint: null } });
    await expect(getChisme('c-bad')).rejects.toBeInstanceOf(ApiError);
  });
});
