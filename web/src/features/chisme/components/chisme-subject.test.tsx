import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '../../../test-utils/render';
import { aChisme } from '../../../test-utils/fixtures';
import { ChismeSubject, chismeSnippet } from './chisme-subject';

const getChisme = vi.fn();
vi.mock('../api/get-chisme', () => ({ getChisme: (id: string) => getChisme(id) }));

describe('ChismeSubject', () => {
  beforeEach(() => getChisme.mockReset());

  it('names the chisme by its first 50 characters', async () => {
    getChisme.mockResolvedValue(aChisme({ id: 'c-5', content: 'Mi vecina tiene un secreto que nadie en el edificio conoce todavía' }));
    render(<ChismeSubject chismeId="c-5" />);
    expect(await screen.findByText('"Mi vecina tiene un secreto que nadie en el edifici…"')).toBeInTheDocument();
    expect(getChisme).toHaveBeenCalledWith('c-5');
  });

  it('shows nothing for a chisme the person cannot see', async () => {
    getChisme.mockResolvedValue(null);
    render(<ChismeSubject chismeId="c-6" />);
    await vi.waitFor(() => expect(getChisme).toHaveBeenCalled());
    expect(screen.queryByTestId('chisme-subject')).toBeNull();
  });

  it('keeps a short text whole', () => {
    expect(chismeSnippet('Corto')).toBe('Corto');
  });
});
