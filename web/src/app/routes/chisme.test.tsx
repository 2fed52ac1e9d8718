// /chismes/:id: the chisme and its comments, one not-found for unknown, hidden or malformed ids.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router-dom';
import { render, screen, userEvent, within } from '../../test-utils/render';
import { aChisme, aComment } from '../../test-utils/fixtures';
import { fakeRealtime } from '../../test-utils/fake-realtime';
import type { LiveCounts } from '../../lib/chisme-topic';
import { ChismeRoute } from './chisme';

// The real client, but its channels are the fake's (no socket in jsdom).
vi.mock('../../lib/supabase', async (importOriginal) => {
  const { supabase } = await importOriginal<typeof import('../../lib/supabase')>();
  const { fakeRealtime } = await import('../../test-utils/fake-realtime');
  const stub = Object.create(supabase) as typeof supabase;
  Object.assign(stub, { channel: fakeRealtime.channel, removeChannel: fakeRealtime.removeChannel });
  return { supabase: stub };
});
const { emit } = fakeRealtime;

const getChisme = vi.fn();
const getComments = vi.fn();
vi.mock('../../features/chisme/api/get-chisme', () => ({ getChisme: (id: string) => getChisme(id) }));
const getChismeLive = vi.fn<(id: string) => Promise<LiveCounts | null>>();
vi.mock('../../features/chisme/api/get-chisme-live', () => ({ getChismeLive: (id: string) => getChismeLive(id) }));
vi.mock('../../features/comments/api/get-comments', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../features/comments/api/get-comments')>()),
  getComments: (key: unknown) => getComments(key),
}));

const id = '2b7c1e9a-5d4f-4c3b-9a8e-1f2d3c4b5a69';
const page = (path: string) =>
  render(
    <Routes>
      <Route path="/chismes/:id" element={<ChismeRoute />} />
    </Routes>,
    { route: path },
  );

describe('ChismeRoute', () => {
  beforeEach(() => {
    fakeRealtime.reset();
    getChisme.mockReset().mockResolvedValue(aChisme({ id, content: 'Mi vecina tiene un secreto', comments: 1 }));
    getComments.mockReset().mockResolvedValue([aComment({ id: 'r1', chisme_id: id, content: 'Qué fuerte lo de tu vecina' })]);
  });

  it('shows skeleton cards, then the chisme and its comments', async () => {
    page(`/chismes/${id}`);
    expect(screen.getByTestId('chisme-skeleton')).toBeInTheDocument();
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Mi vecina tiene un secreto')).toBeInTheDocument();
    expect(await screen.findByText('Qué fuerte lo de tu vecina')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comentarios' })).toBeInTheDocument();
    expect(getChisme).toHaveBeenCalledWith(id);
    expect(getComments).toHaveBeenCalledWith(['comments', id, null]);
  });

  it('moves to the comment form instead of opening the dialog', async () => {
    page(`/chismes/${id}`);
    const card = await screen.findByRole('article');
    await screen.findByLabelText('Comentario'); // the thread mounts after the chisme has painted
    await userEvent.click(within(card).getByRole('button', { name: '1 comentarios' }));
    expect(screen.getByLabelText('Comentario')).toHaveFocus();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says the chisme does not exist when the database answers nothing (unknown or hidden)', async () => {
    getChisme.mockResolvedValue(null);
    page(`/chismes/${id}`);
    expect(await screen.findByText('Este chisme no existe o ya no está disponible')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a los chismes' })).toHaveAttribute('href', '/chismes/');
    expect(getComments).not.toHaveBeenCalled();
  });

  it('shows "Chisme eliminado" above the kept comments of a deleted chisme, with no form and no reply', async () => {
    getChisme.mockResolvedValue(aChisme({ id, content: '', tags: [], gender: '', years: 0, country: '', likes: 0, comments: 1, is_deleted: true }));
    getComments.mockResolvedValue([aComment({ id: 'r1', chisme_id: id, content: 'Mi comentario se queda', commenter_number: 2 })]);
    page(`/chismes/${id}`);
    expect(await screen.findByTestId('deleted-chisme')).toHaveTextContent('Chisme eliminado');
    const comment = await screen.findByTestId('comment');
    expect(within(comment).getByText('Mi comentario se queda')).toBeInTheDocument();
    expect(within(comment).getByText('Anónimo 2')).toBeInTheDocument();
    expect(within(comment).queryByRole('button', { name: 'Responder' })).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByLabelText('Comentario')).toBeNull();
    expect(screen.queryByText('Este chisme no existe o ya no está disponible')).toBeNull();
  });

  it('answers a malformed id with the same not-found, without asking the database', () => {
    page('/chismes/no-es-un-id');
    expect(screen.getByText('Este chisme no existe o ya no está disponible')).toBeInTheDocument();
    expect(getChisme).not.toHaveBeenCalled();
  });

  it('shows a Spanish error line when loading fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    getChisme.mockRejectedValue(new Error('offline'));
    page(`/chismes/${id}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar el chisme');
  });

  it('joins its own topic only (no count topic) and refreshes its counts every 30 s with one read', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      getChismeLive.mockResolvedValue({ id, likes: 7, comments: 3, file_exist: false, image_viewable: false });
      page(`/chismes/${id}`);
      const card = await screen.findByRole('article');
      // live after the thread has mounted, one idle moment later
      await vi.waitFor(() => expect(fakeRealtime.topics).toEqual([`chisme:${id}`]), { timeout: 5000 });
      expect(await screen.findByText('Qué fuerte lo de tu vecina')).toBeInTheDocument();
      expect(getChismeLive).not.toHaveBeenCalled();
      vi.advanceTimersByTime(30_000);
      expect(await within(card).findByRole('button', { name: '7 me gusta' })).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: '3 comentarios' })).toBeInTheDocument();
      expect(getChismeLive).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fetches the chisme again when the channel joins, so a change before the join is not lost', async () => {
    page(`/chismes/${id}`);
    const card = await screen.findByRole('article');
    await vi.waitFor(() => expect(fakeRealtime.topics).toHaveLength(1), { timeout: 5000 });
    getChisme.mockResolvedValue(aChisme({ id, content: 'Mi vecina tiene un secreto', likes: 4, comments: 1 }));
    fakeRealtime.status('SUBSCRIBED');
    expect(await within(card).findByRole('button', { name: '4 me gusta' })).toBeInTheDocument();
  });

  it('asks again when moderation hides it, and shows the not-found the database then answers', async () => {
    page(`/chismes/${id}`);
    await screen.findByRole('article');
    await vi.waitFor(() => expect(fakeRealtime.topics).toHaveLength(1), { timeout: 5000 });
    getChisme.mockResolvedValue(null);
    emit('chisme_hidden', { id });
    expect(await screen.findByText('Este chisme no existe o ya no está disponible')).toBeInTheDocument();
  });
});
