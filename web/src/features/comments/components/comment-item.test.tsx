import { describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, waitFor, within } from '../../../test-utils/render';
import { aComment } from '../../../test-utils/fixtures';
import { buildThread } from '../utils/build-thread';
import { CommentItem } from './comment-item';

const reportComment = vi.fn();
vi.mock('../api/report-comment', () => ({
  reportComment: (id: string, reason: string, explanation: string) => reportComment(id, reason, explanation),
}));
vi.mock('../api/report-reasons', () => ({
  getReportReasons: () => Promise.resolve([{ code: 'spam', label: 'Spam', rule: 'Norma 7.', illegal: false, legal_ground: null }]),
}));
const blockCommentAuthor = vi.fn();
vi.mock('../api/block-comment-author', () => ({ blockCommentAuthor: (id: string) => blockCommentAuthor(id) }));

const at = (seconds: number) => new Date(1_700_000_000_000 + seconds * 1000).toISOString();

function threadWithReplies(count: number) {
  const rows = [aComment({ id: 'root', content: 'raíz', created_at: at(0) })];
  for (let i = 0; i < count; i += 1) {
    rows.push(aComment({ id: `r${i}`, parent_id: 'root', depth: 2, content: `respuesta ${i}`, created_at: at(i + 1), commenter_number: i + 2 }));
  }
  return buildThread(rows)[0]!;
}

const noDelete = () => Promise.resolve();

describe('CommentItem', () => {
  it('keeps replies collapsed until asked, then shows 4 and a +N button for the rest', async () => {
    render(<CommentItem node={threadWithReplies(7)} onReply={() => {}} onDelete={noDelete} />);
    expect(screen.queryByText('respuesta 0')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ver respuestas (7)' }));
    expect(screen.getAllByText(/^respuesta \d$/)).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar 3 respuestas más' }));
    expect(screen.getAllByText(/^respuesta \d$/)).toHaveLength(7);
    await userEvent.click(screen.getByRole('button', { name: 'Ocultar respuestas' }));
    expect(screen.queryByText('respuesta 0')).not.toBeInTheDocument();
  });

  it('shows 3 replies at the second level', async () => {
    const rows = [
      aComment({ id: 'root', created_at: at(0) }),
      aComment({ id: 'mid', parent_id: 'root', depth: 2, content: 'medio', created_at: at(1) }),
      ...[0, 1, 2, 3, 4].map((i) => aComment({ id: `d${i}`, parent_id: 'mid', depth: 3, content: `hoja ${i}`, created_at: at(2 + i) })),
    ];
    render(<CommentItem node={buildThread(rows)[0]!} onReply={() => {}} onDelete={noDelete} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ver respuestas (6)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ver respuestas (5)' }));
    expect(screen.getAllByText(/^hoja \d$/)).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Mostrar 2 respuestas más' })).toHaveTextContent('+2');
  });

  it('offers "Responder" only below depth 3', async () => {
    const rows = [
      aComment({ id: 'root', created_at: at(0) }),
      aComment({ id: 'mid', parent_id: 'root', depth: 2, created_at: at(1) }),
      aComment({ id: 'leaf', parent_id: 'mid', depth: 3, content: 'hoja', created_at: at(2) }),
    ];
    render(<CommentItem node={buildThread(rows)[0]!} onReply={() => {}} onDelete={noDelete} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ver respuestas (2)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ver respuestas (1)' }));
    const comments = screen.getAllByTestId('comment');
    expect(within(comments[0]!).getAllByRole('button', { name: 'Responder' }).length).toBeGreaterThan(0);
    const leaf = comments.find((c) => c.getAttribute('data-depth') === '3')!;
    expect(within(leaf).queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
  });

  it('labels the commenter "Anónimo N" and the chisme author "Autor"', () => {
    render(<CommentItem node={buildThread([aComment({ commenter_number: 3, is_chisme_author: true })])[0]!} onReply={() => {}} onDelete={noDelete} />);
    expect(screen.getByText('Anónimo 3')).toBeInTheDocument();
    expect(screen.getByText('Autor')).toBeInTheDocument();
  });

  it('shows a blocked author\'s comment as "Comentario oculto", with its replies but no actions', async () => {
    const rows = [
      aComment({ id: 'root', content: '', is_hidden: true, created_at: at(0) }),
      aComment({ id: 'r', parent_id: 'root', depth: 2, content: 'una respuesta visible', created_at: at(1) }),
    ];
    render(<CommentItem node={buildThread(rows)[0]!} onReply={() => {}} onDelete={noDelete} />);
    const hidden = screen.getAllByTestId('comment')[0]!;
    expect(within(hidden).getByText('Comentario oculto')).toBeInTheDocument();
    expect(within(hidden).queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
    expect(within(hidden).queryByRole('button', { name: 'Más opciones' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ver respuestas (1)' }));
    expect(screen.getByText('una respuesta visible')).toBeInTheDocument();
  });

  it("blocks the author from the comment's menu by the comment id, once confirmed", async () => {
    blockCommentAuthor.mockResolvedValue(undefined);
    render(<CommentItem node={buildThread([aComment({ id: 'c1', content: 'molesto' })])[0]!} onReply={() => {}} onDelete={noDelete} />);
    await userEvent.click(screen.getByRole('button', { name: 'Más opciones' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'No ver más a esta persona' }));
    const confirm = await screen.findByRole('dialog', { name: '¿No ver más a esta persona?' });
    expect(blockCommentAuthor).not.toHaveBeenCalled();
    await userEvent.click(within(confirm).getByRole('button', { name: 'No ver más' }));
    expect(blockCommentAuthor).toHaveBeenCalledWith('c1');
  });

  it('asks before reporting a comment; cancelling sends nothing', async () => {
    reportComment.mockReset().mockResolvedValue(undefined);
    render(<CommentItem node={buildThread([aComment({ id: 'c2', content: 'feo' })])[0]!} onReply={() => {}} onDelete={noDelete} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reportar comentario' }));
    await userEvent.click(await screen.findByRole('radio', { name: /Spam/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reportComment).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reportar comentario' }));
    await userEvent.click(await screen.findByRole('radio', { name: /Spam/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar denuncia' }));
    expect(reportComment).toHaveBeenCalledWith('c2', 'spam', '');
    expect(await screen.findByText('Comentario reportado exitosamente')).toBeInTheDocument();
  });

  it('shows a deleted comment as "Comentario eliminado", with the replies kept under it and no actions', async () => {
    const rows = [
      aComment({ id: 'root', content: '', is_deleted: true, created_at: at(0) }),
      aComment({ id: 'r', parent_id: 'root', depth: 2, content: 'la respuesta que se queda', created_at: at(1) }),
    ];
    render(<CommentItem node={buildThread(rows)[0]!} onReply={() => {}} onDelete={noDelete} />);
    const deleted = screen.getAllByTestId('comment')[0]!;
    expect(within(deleted).getByText('Comentario eliminado')).toBeInTheDocument();
    expect(within(deleted).queryByRole('button', { name: 'Responder' })).not.toBeInTheDocument();
    expect(within(deleted).queryByRole('button', { name: 'Reportar comentario' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Ver respuestas (1)' }));
    expect(screen.getByText('la respuesta que se queda')).toBeInTheDocument();
  });

  it("deletes one's own comment only after the confirmation", async () => {
    const onDelete = vi.fn(() => Promise.resolve());
    const node = buildThread([aComment({ id: 'mine', content: 'lo mío', is_mine: true })])[0]!;
    render(<CommentItem node={node} onReply={() => {}} onDelete={onDelete} />);
    expect(screen.queryByRole('button', { name: 'Reportar comentario' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar comentario' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Eliminar este comentario?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(onDelete).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar comentario' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: '¿Eliminar este comentario?' })).getByRole('button', { name: 'Eliminar' }));
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 'mine' }));
  });
});
