import useSWR from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, signedIn, userEvent, waitFor } from '../../../test-utils/render';
import { aChisme } from '../../../test-utils/fixtures';
import type { FeedChisme } from '../../../lib/feed-chisme';
import { LikeButton } from './like-button';

const likeChisme = vi.fn<(id: string) => Promise<number>>();
const unlikeChisme = vi.fn<(id: string) => Promise<number>>();
vi.mock('../api/like-chisme', () => ({
  likeChisme: (id: string) => likeChisme(id),
  unlikeChisme: (id: string) => unlikeChisme(id),
}));

/** A list cached under a key the app makes (the profile's own chismes), fetched once. */
function CachedList({ chisme }: { chisme: FeedChisme }) {
  const { data } = useSWR<FeedChisme[]>(['my-chismes', 'u', false], () => Promise.resolve([chisme]), { revalidateOnFocus: false });
  return (
    <>
      {data?.map((c) => (
        <LikeButton key={c.id} chisme={c} />
      ))}
    </>
  );
}

async function renderCached(chisme: FeedChisme, session = signedIn) {
  const view = render(<CachedList chisme={chisme} />, { session });
  await screen.findByRole('button', { name: / me gusta$/ });
  return view;
}

describe('LikeButton', () => {
  beforeEach(() => {
    likeChisme.mockReset();
    unlikeChisme.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('has an accessible name that starts with its visible count (WCAG 2.5.3 label in name)', async () => {
    await renderCached(aChisme({ likes: 9 }));
    const button = screen.getByRole('button', { name: '9 me gusta' });
    expect(button).not.toHaveAttribute('aria-label');
    expect(button.textContent).toBe('9 me gusta');
  });

  it('counts the like at once and keeps the count the database returns', async () => {
    let resolve: (n: number) => void = () => {};
    likeChisme.mockReturnValue(new Promise((r) => (resolve = r)));
    await renderCached(aChisme({ likes: 3 }));
    await userEvent.click(screen.getByRole('button', { name: '3 me gusta' }));
    expect(screen.getByRole('button', { name: '4 me gusta' })).toHaveAttribute('aria-pressed', 'true');
    resolve(7);
    expect(await screen.findByRole('button', { name: '7 me gusta' })).toBeInTheDocument();
  });

  it('rolls the like back when the database refuses it', async () => {
    likeChisme.mockRejectedValue(new Error('like_already_exists'));
    await renderCached(aChisme({ likes: 3 }));
    await userEvent.click(screen.getByRole('button', { name: '3 me gusta' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '3 me gusta' })).toHaveAttribute('aria-pressed', 'false'));
    expect(await screen.findByText('No se pudo guardar tu me gusta. Inténtalo de nuevo.')).toBeInTheDocument();
  });

  it('unlikes optimistically and rolls back on error', async () => {
    unlikeChisme.mockRejectedValue(new Error('network'));
    await renderCached(aChisme({ likes: 1, liked_by_me: true }));
    await userEvent.click(screen.getByRole('button', { name: '1 me gusta' }));
    expect(await screen.findByText('No se pudo quitar tu me gusta. Inténtalo de nuevo.')).toBeInTheDocument();
    await waitFor(() => expect(unlikeChisme).toHaveBeenCalled());
    expect(await screen.findByRole('button', { name: '1 me gusta' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("is disabled on one's own chisme", async () => {
    await renderCached(aChisme({ is_mine: true }));
    expect(screen.getByRole('button', { name: / me gusta$/ })).toBeDisabled();
  });

  it('is disabled when signed out', async () => {
    await renderCached(aChisme(), { status: 'signed-out', user: null });
    expect(screen.getByRole('button', { name: / me gusta$/ })).toBeDisabled();
  });
});
