import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, within } from '../../../test-utils/render';
import { aChisme, aComment } from '../../../test-utils/fixtures';
import { CommentsDialog } from './comments-dialog';

const getComments = vi.fn();
const addComment = vi.fn();
const onCommented = vi.fn();
vi.mock('../api/get-comments', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/get-comments')>()),
  getComments: (key: unknown) => getComments(key),
}));
vi.mock('../api/add-comment', () => ({ addComment: (input: unknown) => addComment(input) }));

const chisme = aChisme({ content: 'El chisme original' });

describe('CommentsDialog', () => {
  beforeEach(() => {
    localStorage.setItem('genero', JSON.stringify('Mujer'));
    localStorage.setItem('edad', JSON.stringify('22'));
    onCommented.mockReset();
    getComments
      .mockReset()
      .mockResolvedValue([
        aComment({ id: 'r1', content: 'Primera raíz', created_at: '2026-01-01T10:00:00Z' }),
        aComment({ id: 'a1', parent_id: 'r1', depth: 2, content: 'Una respuesta', created_at: '2026-01-01T10:05:00Z', commenter_number: 2 }),
      ]);
    addComment.mockReset();
  });

  it('is titled "Comentarios" and shows the thread of the chisme', async () => {
    render(<CommentsDialog chismeId="c-1" chisme={chisme} onClose={() => {}} cotilleo={false} country="Chile" onCommented={onCommented} />);
    expect(await screen.findByRole('dialog', { name: 'Comentarios' })).toBeInTheDocument();
    expect(await screen.findByText('Primera raíz')).toBeInTheDocument();
    expect(screen.getByText('El chisme original')).toBeInTheDocument();
    expect(getComments).toHaveBeenCalledWith(['comments', 'c-1', null]);
  });

  it('prepends a new root comment', async () => {
    addComment.mockResolvedValue(aComment({ id: 'r2', content: 'Comentario nuevo', created_at: '2026-01-02T10:00:00Z', commenter_number: 3 }));
    render(<CommentsDialog chismeId="c-1" chisme={chisme} onClose={() => {}} cotilleo={false} country="Chile" onCommented={onCommented} />);
    await screen.findByText('Primera raíz');
    await userEvent.type(screen.getByLabelText('Comentario'), 'Comentario nuevo');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar comentario' }));
    expect(await screen.findByText('Comentario enviado exitosamente')).toBeInTheDocument();
    const thread = screen.getByRole('region', { name: 'Lista de comentarios' });
    // the list renders from a deferred copy of the rows (comment-thread.tsx): a moment later
    await vi.waitFor(() => expect(within(thread).getAllByTestId('comment')[0]).toHaveTextContent('Comentario nuevo'));
    expect(addComment).toHaveBeenCalledWith({ chismeId: 'c-1', parentId: null, content: 'Comentario nuevo', gender: 'Mujer', years: 22, country: 'Chile' });
    expect(onCommented).toHaveBeenCalledWith('c-1'); // the screen refreshes the chisme's counters
  });

  it('replies through the banner and shows the error message of the database', async () => {
    const { ApiError } = await import('../../../lib/api-error');
    addComment.mockRejectedValue(new ApiError('comment_depth_exceeded'));
    render(<CommentsDialog chismeId="c-1" chisme={chisme} onClose={() => {}} cotilleo={false} country="Chile" onCommented={onCommented} />);
    await screen.findByText('Primera raíz');
    await userEvent.click(screen.getAllByRole('button', { name: 'Responder' })[0]!);
    expect(screen.getByTestId('reply-banner')).toHaveTextContent('Respondiendo a: "Primera raíz"');
    await userEvent.type(screen.getByLabelText('Comentario'), 'Respuesta');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar comentario' }));
    expect(await screen.findByText('No se puede responder a este comentario')).toBeInTheDocument();
    expect(addComment).toHaveBeenCalledWith(expect.objectContaining({ parentId: 'r1' }));
    expect(onCommented).not.toHaveBeenCalled(); // a refused comment changes no counter
  });

  it('closes with Escape', async () => {
    const onClose = vi.fn();
    render(<CommentsDialog chismeId="c-1" chisme={chisme} onClose={onClose} cotilleo={false} country="Chile" onCommented={onCommented} />);
    await screen.findByText('Primera raíz');
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('shows a deleted chisme as "Chisme eliminado" above the kept thread, with no form and no reply', async () => {
    const deleted = aChisme({ content: '', tags: [], gender: '', years: 0, country: '', is_deleted: true });
    render(<CommentsDialog chismeId="c-1" chisme={deleted} onClose={() => {}} cotilleo={false} country="Chile" onCommented={onCommented} />);
    const dialog = await screen.findByRole('dialog', { name: 'Comentarios' });
    expect(within(dialog).getByTestId('deleted-chisme')).toHaveTextContent('Chisme eliminado');
    expect(await within(dialog).findByText('Primera raíz')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Responder' })).toBeNull();
    expect(within(dialog).queryByLabelText('Comentario')).toBeNull();
  });

  it('shows a chisme the caller cannot see as not found, with no form and no empty thread', async () => {
    getComments.mockReset().mockResolvedValue([]);
    render(<CommentsDialog chismeId="c-gone" chisme={null} missing onClose={() => {}} cotilleo={false} country="Chile" onCommented={onCommented} />);
    const dialog = await screen.findByRole('dialog', { name: 'Comentarios' });
    expect(within(dialog).getByText('Este chisme no existe o ya no está disponible')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Aún no hay comentarios. ¡Sé el primero!')).not.toBeInTheDocument();
  });

  it("says the author is blocked and lists only the caller's own earlier comments there, to delete", async () => {
    getComments.mockReset().mockResolvedValue([aComment({ id: 'own', content: 'Mi comentario de antes', is_mine: true })]);
    render(<CommentsDialog chismeId="c-blocked" chisme={null} missing onClose={() => {}} cotilleo={false} country="Chile" onCommented={onCommented} />);
    const dialog = await screen.findByRole('dialog', { name: 'Comentarios' });
    expect(await within(dialog).findByText('Bloqueaste a quien escribió este chisme')).toBeInTheDocument();
    expect(within(dialog).getByText('Mi comentario de antes')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Eliminar comentario' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });
});
