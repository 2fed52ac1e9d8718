import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogStore } from '../../../hooks/use-dialogs';
import { aComment } from '../../../test-utils/fixtures';
import { Providers } from '../../../test-utils/render';
import { useAddComment } from './use-add-comment';

const addComment = vi.fn();
vi.mock('../api/add-comment', () => ({ addComment: (input: unknown) => addComment(input) }));

const input = { chismeId: 'c-1', parentId: null, content: 'x', gender: 'Mujer', years: 30, country: 'Chile' } as const;

describe('useAddComment', () => {
  beforeEach(() => {
    addComment.mockReset();
    dialogStore.set({ kind: 'none' });
  });

  it('says the comment was sent', async () => {
    addComment.mockResolvedValue(aComment());
    const { result } = renderHook(
      () =>
        useAddComment(
          () => {},
          () => {},
        ),
      { wrapper: Providers },
    );
    await act(() => result.current.send(input));
    expect(await screen.findByText('Comentario enviado exitosamente')).toBeInTheDocument();
  });

  it('opens the support card for text about wanting to die, with no cheerful toast over it', async () => {
    addComment.mockResolvedValue(aComment({ crisis: true }));
    const { result } = renderHook(
      () =>
        useAddComment(
          () => {},
          () => {},
        ),
      { wrapper: Providers },
    );
    await act(() => result.current.send(input));
    await waitFor(() => expect(dialogStore.get()).toMatchObject({ kind: 'crisis-support', asReader: false }));
    expect(screen.queryByText('Comentario enviado exitosamente')).toBeNull();
  });
});
