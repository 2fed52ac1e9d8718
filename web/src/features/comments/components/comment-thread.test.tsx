import { useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '../../../test-utils/render';
import { aComment } from '../../../test-utils/fixtures';
import type { CommentFormProps } from './comment-form';
import { CommentThread } from './comment-thread';

const getComments = vi.fn();
vi.mock('../api/get-comments', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/get-comments')>()),
  getComments: (key: unknown) => getComments(key),
}));

/** What was on screen when the form mounted. */
let listAtFormMount: boolean | undefined;
function RecordingForm(_: CommentFormProps) {
  useEffect(() => {
    listAtFormMount = screen.queryByRole('region', { name: 'Lista de comentarios' }) !== null;
  }, []);
  return <form aria-label="formulario" />;
}

function FormWithBox(_: CommentFormProps) {
  return <textarea aria-label="Comentario" />;
}

const props = { chismeId: 'c-1', cotilleo: false, country: 'Chile', onCommented: () => {}, Form: RecordingForm };

describe('CommentThread', () => {
  beforeEach(() => {
    listAtFormMount = undefined;
    getComments.mockReset().mockResolvedValue([aComment({ id: 'r1', content: 'Primera raíz' })]);
  });

  it('mounts the form at once in the dialog, above the list', async () => {
    render(<CommentThread {...props} />);
    expect(await screen.findByText('Primera raíz')).toBeInTheDocument();
    expect(listAtFormMount).toBe(false);
  });

  it('on a shared link mounts the form after the list, in the place kept for it', async () => {
    render(<CommentThread {...props} formAfterList />);
    expect(await screen.findByText('Primera raíz')).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'formulario' })).toBeInTheDocument();
    expect(listAtFormMount).toBe(true);
    expect(screen.queryByTestId('comment-form-place')).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'formulario' });
    const list = screen.getByRole('region', { name: 'Lista de comentarios' });
    expect(form.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('mounts the form at once and focuses it when asked before its idle moment', async () => {
    getComments.mockReturnValue(new Promise(() => {})); // the list still loading
    render(<CommentThread {...props} Form={FormWithBox} formAfterList focusForm />);
    expect(await screen.findByRole('textbox', { name: 'Comentario' })).toHaveFocus();
  });
});
