import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, waitFor } from '../../../test-utils/render';
import { notifications } from '@mantine/notifications';
import { aChisme } from '../../../test-utils/fixtures';
import { dialogStore } from '../../../hooks/use-dialogs';
import { NewChismeDialog } from './new-chisme-dialog';

const findOffensiveWords = vi.fn<(text: string) => Promise<string[]>>();
const createChisme = vi.fn();
vi.mock('../api/find-offensive-words', () => ({ findOffensiveWords: (t: string) => findOffensiveWords(t) }));
vi.mock('../api/create-chisme', () => ({ createChisme: (input: unknown) => createChisme(input) }));

const remember = (gender: string, age: string) => {
  localStorage.setItem('genero', JSON.stringify(gender));
  localStorage.setItem('edad', JSON.stringify(age));
};

describe('NewChismeDialog', () => {
  beforeEach(() => {
    findOffensiveWords.mockReset().mockResolvedValue([]);
    createChisme.mockReset();
  });

  it('asks for a gender first', async () => {
    render(<NewChismeDialog onClose={() => {}} cotilleo={false} country="Chile" />);
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Por favor, selecciona tu género');
  });

  it('asks for an adult age in cotilleo mode', async () => {
    remember('Mujer', '17');
    render(<NewChismeDialog onClose={() => {}} cotilleo country="Chile" />);
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Ingresa una edad válida entre 18 y 99 años');
  });

  it('asks for at least 10 characters', async () => {
    remember('Mujer', '25');
    render(<NewChismeDialog onClose={() => {}} cotilleo={false} country="Chile" />);
    await userEvent.type(screen.getByLabelText('Contenido del chisme'), 'corto');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(screen.getByRole('alert')).toHaveTextContent('El chisme debe tener al menos 10 caracteres');
  });

  it('warns about offensive words before submitting in casual mode and publishes nothing', async () => {
    remember('Mujer', '25');
    findOffensiveWords.mockResolvedValue(['tonto']);
    render(<NewChismeDialog onClose={() => {}} cotilleo={false} country="Chile" />);
    await userEvent.type(screen.getByLabelText('Contenido del chisme'), 'Mi jefe es un tonto de verdad');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Contenido inapropiado detectado: tonto');
    expect(createChisme).not.toHaveBeenCalled();
  });

  it('checks the tags for offensive words too and publishes nothing', async () => {
    remember('Mujer', '25');
    findOffensiveWords.mockImplementation(async (text) => (text.includes('#idiota') ? ['idiota'] : []));
    render(<NewChismeDialog onClose={() => {}} cotilleo={false} country="Chile" />);
    await userEvent.type(screen.getByLabelText('Contenido del chisme'), 'Un chisme de lo más normal');
    await userEvent.type(screen.getByLabelText('Etiquetas'), 'idiota{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Contenido inapropiado detectado: idiota');
    expect(findOffensiveWords).toHaveBeenCalledWith('#idiota');
    expect(createChisme).not.toHaveBeenCalled();
  });

  it('warns about personal data in a tag while it is typed', async () => {
    render(<NewChismeDialog onClose={() => {}} cotilleo={false} country="Chile" />);
    await userEvent.type(screen.getByLabelText('Etiquetas'), '600 123 456');
    expect(await screen.findByText('No compartas información personal: quita los números de teléfono.')).toBeInTheDocument();
  });

  it('tells the author an image can be seen only for 20 minutes', () => {
    render(<NewChismeDialog onClose={() => {}} cotilleo country="Chile" />);
    expect(screen.getByLabelText('Imagen')).toHaveAccessibleDescription('Se podrá ver solo durante 20 minutos desde que publiques.');
  });

  it('shows only the image picker in cotilleo mode', () => {
    const { unmount } = render(<NewChismeDialog onClose={() => {}} cotilleo={false} country="Chile" />);
    expect(screen.queryByText('Imagen')).not.toBeInTheDocument();
    unmount();
    render(<NewChismeDialog onClose={() => {}} cotilleo country="Chile" />);
    expect(screen.getByText('Imagen')).toBeInTheDocument();
  });

  it('publishes with the detected country and tags, then closes', async () => {
    remember('Hombre', '30');
    createChisme.mockResolvedValue(aChisme({ id: 'new' }));
    const onClose = vi.fn();
    render(<NewChismeDialog onClose={onClose} cotilleo={false} country="Chile" />);
    await userEvent.type(screen.getByLabelText('Contenido del chisme'), '  Mi vecina tiene un <b>secreto</b>  ');
    await userEvent.type(screen.getByLabelText('Etiquetas'), 'vecinos{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(createChisme).toHaveBeenCalledWith({
      gender: 'Hombre',
      years: 30,
      content: 'Mi vecina tiene un secreto',
      tags: ['#vecinos'],
      country: 'Chile',
      cotilleo: false,
    });
  });

  it('says it was published, except when the support card opens: no cheerful toast over it', async () => {
    remember('Hombre', '30');
    createChisme.mockResolvedValueOnce(aChisme({ id: 'ordinary' })).mockResolvedValueOnce(aChisme({ id: 'heavy', crisis: true }));
    const { unmount } = render(<NewChismeDialog onClose={() => {}} cotilleo={false} country="Chile" />);
    await userEvent.click(screen.getByLabelText('Contenido del chisme'));
    await userEvent.paste('Mi vecina tiene un secreto');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Chisme publicado exitosamente')).toBeInTheDocument();
    unmount();
    notifications.clean();
    render(<NewChismeDialog onClose={() => {}} cotilleo={false} country="Chile" />);
    await userEvent.click(screen.getByLabelText('Contenido del chisme'));
    await userEvent.paste('Ya no puedo más con todo esto');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(dialogStore.get()).toMatchObject({ kind: 'crisis-support', asReader: false }));
    expect(screen.queryByText('Chisme publicado exitosamente')).toBeNull();
  });

  it('shows the database message when publishing fails', async () => {
    remember('Hombre', '30');
    const { ApiError } = await import('../../../lib/api-error');
    createChisme.mockRejectedValue(new ApiError('chisme_content_too_long'));
    render(<NewChismeDialog onClose={() => {}} cotilleo={false} country="Chile" />);
    await userEvent.type(screen.getByLabelText('Contenido del chisme'), 'Un chisme suficientemente largo');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('El chisme no puede exceder los 400 caracteres');
  });

  it('marks the failing field invalid, describes it with the message and focuses it', async () => {
    remember('Mujer', '12');
    render(<NewChismeDialog onClose={() => {}} cotilleo={false} country="Chile" />);
    await userEvent.type(screen.getByLabelText('Contenido del chisme'), 'Un chisme suficientemente largo');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    const age = screen.getByLabelText('Edad');
    expect(age).toHaveFocus();
    expect(age).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (age.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(describedBy).toContain('Ingresa una edad válida entre 13 y 99 años');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByLabelText('Contenido del chisme')).not.toHaveAttribute('aria-invalid');
    expect(createChisme).not.toHaveBeenCalled();
  });

  it('focuses the gender picker when it is missing and remembers the age typed', async () => {
    render(<NewChismeDialog onClose={() => {}} cotilleo={false} country="Chile" />);
    await userEvent.type(screen.getByLabelText('Edad'), '4a2');
    expect(JSON.parse(localStorage.getItem('edad') ?? 'null')).toBe('42');
    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    const gender = screen.getAllByLabelText('Género').find((el) => el.tagName === 'INPUT')!;
    expect(gender).toHaveFocus();
    expect(gender).toHaveAttribute('aria-invalid', 'true');
  });

  it('previews the chosen image and revokes its object URL on change and on close', async () => {
    let n = 0;
    const create = vi.fn(() => `blob:preview-${++n}`);
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const { unmount } = render(<NewChismeDialog onClose={() => {}} cotilleo country="Chile" />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['a'], 'uno.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Vista previa de la imagen elegida' })).toHaveAttribute('src', 'blob:preview-1');
    await userEvent.upload(input, new File(['b'], 'dos.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Vista previa de la imagen elegida' })).toHaveAttribute('src', 'blob:preview-2'));
    expect(revoke).toHaveBeenCalledWith('blob:preview-1');
    unmount();
    expect(revoke).toHaveBeenCalledWith('blob:preview-2');
  });

  it('names the button that removes the chosen image, and removing it drops the preview', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() });
    render(<NewChismeDialog onClose={() => {}} cotilleo country="Chile" />);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['a'], 'uno.png', { type: 'image/png' }));
    await screen.findByRole('img', { name: 'Vista previa de la imagen elegida' });
    await userEvent.click(screen.getByRole('button', { name: 'Quitar imagen' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Vista previa de la imagen elegida' })).toBeNull());
  });
});
