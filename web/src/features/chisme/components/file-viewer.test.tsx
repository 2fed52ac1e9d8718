import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '../../../test-utils/render';
import { ApiError } from '../../../lib/api-error';
import { FileViewer } from './file-viewer';

const getChismeImageUrl = vi.fn<(id: string) => Promise<string>>();
vi.mock('../api/get-chisme-image-url', () => ({ getChismeImageUrl: (id: string) => getChismeImageUrl(id) }));

describe('FileViewer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    getChismeImageUrl.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches the signed URL only when opened, announces the countdown and closes after 10 s', async () => {
    getChismeImageUrl.mockResolvedValue('http://127.0.0.1/signed.png');
    const onClose = vi.fn();
    render(<FileViewer chismeId="c-1" onClose={onClose} />);
    expect(getChismeImageUrl).toHaveBeenCalledWith('c-1');
    // Not shown until it has loaded (the loader stands in for it meanwhile).
    const image = await screen.findByAltText('Imagen del chisme');
    expect(image).toHaveAttribute('src', 'http://127.0.0.1/signed.png');
    fireEvent.load(image);
    expect(screen.getByRole('timer')).toHaveTextContent('Se cerrará en 10 s');
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.getByRole('timer')).toHaveTextContent('Se cerrará en 5 s');
    expect(onClose).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(5200));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('starts the 10 seconds only once the image has loaded', async () => {
    getChismeImageUrl.mockResolvedValue('http://127.0.0.1/slow.png');
    const onClose = vi.fn();
    render(<FileViewer chismeId="c-1" onClose={onClose} />);
    const image = await screen.findByAltText('Imagen del chisme');
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(screen.getByRole('timer')).toHaveTextContent('Se cerrará en 10 s');
    expect(screen.getByRole('status', { name: 'Cargando...' })).toBeInTheDocument();
    fireEvent.load(image);
    expect(screen.queryByRole('status', { name: 'Cargando...' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Imagen del chisme' })).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.getByRole('timer')).toHaveTextContent('Se cerrará en 7 s');
    await act(() => vi.advanceTimersByTimeAsync(7200));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('tells the reader an image can be seen only for 20 minutes', async () => {
    getChismeImageUrl.mockResolvedValue('http://127.0.0.1/signed.png');
    render(<FileViewer chismeId="c-1" onClose={() => {}} />);
    expect(await screen.findByRole('dialog', { name: 'Imagen del chisme' })).toHaveTextContent(
      'Las imágenes de cotilleo solo se pueden ver durante 20 minutos',
    );
  });

  it('can be closed early', async () => {
    getChismeImageUrl.mockResolvedValue('http://127.0.0.1/signed.png');
    const onClose = vi.fn();
    render(<FileViewer chismeId="c-1" onClose={onClose} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalled();
  });

  it.each([
    [404, 'Archivo no encontrado o eliminado.'],
    [410, 'Archivo no encontrado o eliminado.'],
    [403, 'No se pudo acceder al archivo'],
    [500, 'Hubo un problema al cargar el archivo'],
  ])('explains a storage %s', async (status, message) => {
    getChismeImageUrl.mockRejectedValue(new ApiError('storage_error', null, status));
    render(<FileViewer chismeId="c-1" onClose={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('alert')).toHaveTextContent('Error de archivo');
  });
});
