import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent } from '../../../test-utils/render';
import { aComment } from '../../../test-utils/fixtures';
import { buildThread } from '../utils/build-thread';
import { CommentForm } from './comment-form';

const onSend = vi.fn<() => Promise<boolean>>();
const base = { chismeId: 'c-1', cotilleo: false, country: 'Chile', replyTo: null, onCancelReply: () => {}, onSend, sending: false };

describe('CommentForm', () => {
  beforeEach(() => {
    onSend.mockReset().mockResolvedValue(true);
  });

  it('requires content first', async () => {
    render(<CommentForm {...base} />);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar comentario' }));
    expect(screen.getByRole('alert')).toHaveTextContent('El contenido del comentario es obligatorio');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('then a gender, then a valid age', async () => {
    render(<CommentForm {...base} />);
    await userEvent.type(screen.getByLabelText('Comentario'), 'Qué fuerte');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar comentario' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Selecciona un género');
  });

  it('marks the failing field invalid, describes it and focuses it', async () => {
    render(<CommentForm {...base} />);
    await userEvent.click(screen.getByRole('button', { name: 'Enviar comentario' }));
    const content = screen.getByLabelText('Comentario');
    expect(content).toHaveFocus();
    expect(content).toHaveAttribute('aria-invalid', 'true');
    const described = (content.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain('El contenido del comentario es obligatorio');
    await userEvent.type(content, 'Qué fuerte');
    expect(content).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar comentario' }));
    const gender = screen.getAllByLabelText('Género').find((el) => el.tagName === 'INPUT')!;
    expect(gender).toHaveFocus();
    expect(gender).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('requires a detected country', async () => {
    localStorage.setItem('genero', JSON.stringify('Hombre'));
    localStorage.setItem('edad', JSON.stringify('30'));
    render(<CommentForm {...base} country={null} />);
    await userEvent.type(screen.getByLabelText('Comentario'), 'Qué fuerte');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar comentario' }));
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo detectar el país');
  });

  it('counts characters up to 400', async () => {
    render(<CommentForm {...base} />);
    await userEvent.type(screen.getByLabelText('Comentario'), 'hola');
    expect(screen.getByText('4/400')).toBeInTheDocument();
  });

  it('shows the first 50 characters of the parent in the reply banner and cancels it', async () => {
    const parent = buildThread([aComment({ content: 'x'.repeat(50) + 'FIN' })])[0]!;
    const onCancelReply = vi.fn();
    render(<CommentForm {...base} replyTo={parent} onCancelReply={onCancelReply} />);
    expect(screen.getByTestId('reply-banner')).toHaveTextContent(`Respondiendo a: "${'x'.repeat(50)}"`);
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar respuesta' }));
    expect(onCancelReply).toHaveBeenCalled();
  });

  it('sends a reply to the parent with the remembered gender and age', async () => {
    localStorage.setItem('genero', JSON.stringify('Mujer'));
    localStorage.setItem('edad', JSON.stringify('22'));
    const parent = buildThread([aComment({ id: 'p-1' })])[0]!;
    render(<CommentForm {...base} replyTo={parent} />);
    await userEvent.type(screen.getByLabelText('Comentario'), '  Qué fuerte  ');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar comentario' }));
    expect(onSend).toHaveBeenCalledWith({ chismeId: 'c-1', parentId: 'p-1', content: 'Qué fuerte', gender: 'Mujer', years: 22, country: 'Chile' });
  });
});
