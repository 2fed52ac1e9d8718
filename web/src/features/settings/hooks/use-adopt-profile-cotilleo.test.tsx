import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cotilleoStorageKey, useCotilleoMode } from '../../../hooks/use-cotilleo-mode';
import { adoptedForKey, useAdoptProfileCotilleo } from './use-adopt-profile-cotilleo';

const getProfileCotilleo = vi.fn<(userId: string) => Promise<boolean>>();
vi.mock('../api/get-profile-cotilleo', () => ({ getProfileCotilleo: (userId: string) => getProfileCotilleo(userId) }));

function useModeAfterSignIn(userId: string) {
  useAdoptProfileCotilleo(userId);
  return useCotilleoMode();
}

describe('cotilleo mode after sign-in', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    getProfileCotilleo.mockReset();
  });

  it('takes the mode saved on the profile the first time the user is seen in the tab', async () => {
    getProfileCotilleo.mockResolvedValue(true);
    const { result } = renderHook(() => useModeAfterSignIn('sofia'));
    await waitFor(() => expect(result.current[0]).toBe(true));
    expect(getProfileCotilleo).toHaveBeenCalledWith('sofia');
    expect(localStorage.getItem(cotilleoStorageKey)).toBe('true');
    expect(sessionStorage.getItem(adoptedForKey)).toBe('sofia');
  });

  it('keeps the local mode on later loads in the same tab', async () => {
    sessionStorage.setItem(adoptedForKey, 'sofia');
    localStorage.setItem(cotilleoStorageKey, 'true');
    getProfileCotilleo.mockResolvedValue(false);
    const { result } = renderHook(() => useModeAfterSignIn('sofia'));
    expect(result.current[0]).toBe(true);
    expect(getProfileCotilleo).not.toHaveBeenCalled();
  });

  it('keeps a change the person made while the profile was loading', async () => {
    let resolve: (saved: boolean) => void = () => undefined;
    getProfileCotilleo.mockReturnValue(new Promise<boolean>((r) => (resolve = r)));
    const { result } = renderHook(() => useModeAfterSignIn('mateo'));
    act(() => result.current[1](true));
    await act(async () => resolve(false));
    expect(result.current[0]).toBe(true);
  });
});
