import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, userEvent, waitFor } from '../../../test-utils/render';
import { aChisme } from '../../../test-utils/fixtures';
import { dialogStore } from '../../../hooks/use-dialogs';
import { ApiError } from '../../../lib/api-error';
import { ChismeCard } from './chisme-card';
import { chismeColor } from './chisme-colors';

const reportChisme = vi.fn<(id: string, reason: string, explanation: string) => Promise<void>>();
vi.mock('../api/report-chisme', () => ({
  reportChisme: (id: string, reason: string, explanation: string) => reportChisme(id, reason, explanation),
}));
vi.mock('../api/report-reasons', () => ({
  getReportReasons: () =>
    Promise.resolve([
      { code: 'acoso', label: 'Acoso o intimidación', rule: 'Norma 1.', illegal: false, legal_ground: null },
      { code: 'spam', label: 'Spam', rule: 'Norma 7.', illegal: false, legal_ground: null },
    ]),
}));

/** Reports through the dialog: a reason, an explanation, the confirmation. */
async function reportThroughDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Reportar' }));
  await userEvent.click(await screen.findByRole('radio', { name: /Spam/ }));
  await userEvent.type(screen.getByLabelText(/Explicación/), 'Publicidad repetida');
  await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
  expect(screen.getByText(/Vas a denunciar este contenido por «Spam»/)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Enviar denuncia' }));
}

describe('ChismeCard', () => {
  beforeEach(() => {
    reportChisme.mockReset();
    dialogStore.set({ kind: 'none' });
  });

  it('shows who, when and what', () => {
    render(
      <ChismeCard
        chisme={aChisme({ gender: 'Mujer', years: 25, country: 'Chile', created_at: new Date(Date.now() - 5 * 60_000).toISOString() })}
        showImageButton={false}
      />,
    );
    expect(screen.getByText('Mujer')).toBeInTheDocument();
    expect(screen.getByText('25 años')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Chile' })).toBeInTheDocument();
    expect(screen.getByText('Hace 5 min')).toBeInTheDocument();
    expect(screen.getByText('#amor')).toBeInTheDocument();
  });

  it('keeps its time label current as minutes pass', () => {
    vi.useFakeTimers();
    try {
      render(<ChismeCard chisme={aChisme({ created_at: new Date().toISOString() })} showImageButton={false} />);
      expect(screen.getByText('Hace un momento')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(4 * 60_000));
      expect(screen.getByText('Hace 4 min')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks before reporting, and cancelling sends nothing', async () => {
    render(<ChismeCard chisme={aChisme()} showImageButton={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reportar' }));
    await userEvent.click(await screen.findByRole('radio', { name: /Spam/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    // the confirmation goes back to the reasons, and "Cancelar" there closes without sending
    await userEvent.click(screen.getByRole('button', { name: 'Volver' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reportChisme).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Reportar' })).toBeEnabled();
  });

  it('disables reporting after a successful report', async () => {
    reportChisme.mockResolvedValue();
    const chisme = aChisme();
    render(<ChismeCard chisme={chisme} showImageButton={false} />);
    await reportThroughDialog();
    expect(await screen.findByText('Chisme reportado exitosamente')).toBeInTheDocument();
    expect(reportChisme).toHaveBeenCalledWith(chisme.id, 'spam', 'Publicidad repetida');
    expect(screen.getByRole('button', { name: 'Reportado' })).toBeDisabled();
  });

  it('treats "already reported" as success', async () => {
    reportChisme.mockRejectedValue(new ApiError('report_already_exists'));
    render(<ChismeCard chisme={aChisme()} showImageButton={false} />);
    await reportThroughDialog();
    expect(await screen.findByText('Ya has reportado este chisme anteriormente')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reportado' })).toBeDisabled();
  });

  it('keeps reporting possible after another failure', async () => {
    reportChisme.mockRejectedValue(new Error('offline'));
    render(<ChismeCard chisme={aChisme()} showImageButton={false} />);
    await reportThroughDialog();
    expect(await screen.findByText('Error al reportar el chisme')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reportar' })).toBeEnabled());
  });

  it('shows the image button only in cotilleo mode, enabled only while the image is viewable', async () => {
    const { unmount } = render(<ChismeCard chisme={aChisme()} showImageButton={false} />);
    expect(screen.queryByTestId('image-button')).not.toBeInTheDocument();
    unmount();
    const { unmount: unmount2 } = render(<ChismeCard chisme={aChisme({ cotilleo: true, file_exist: true, image_viewable: false })} showImageButton />);
    expect(screen.getByRole('button', { name: 'Imagen no disponible' })).toBeDisabled();
    unmount2();
    render(<ChismeCard chisme={aChisme({ id: 'c-9', cotilleo: true, file_exist: true, image_viewable: true })} showImageButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Ver imagen' }));
    expect(dialogStore.get()).toEqual({ kind: 'file-viewer', chismeId: 'c-9' });
  });

  it('tells readers how long a cotilleo image can still be seen, and when it no longer can', () => {
    const created = new Date(Date.now() - 8 * 60_000).toISOString();
    const { unmount } = render(
      <ChismeCard chisme={aChisme({ cotilleo: true, file_exist: true, image_viewable: true, created_at: created })} showImageButton />,
    );
    expect(screen.getByTestId('image-window')).toHaveTextContent('La imagen se puede ver 20 minutos: quedan 12 min');
    unmount();
    render(<ChismeCard chisme={aChisme({ cotilleo: true, file_exist: true, image_viewable: false })} showImageButton />);
    expect(screen.getByTestId('image-window')).toHaveTextContent('La imagen solo se podía ver 20 minutos');
  });

  it('opens the comments with the comment button showing the count', async () => {
    render(<ChismeCard chisme={aChisme({ id: 'c-5', comments: 4 })} showImageButton={false} />);
    await userEvent.click(screen.getByRole('button', { name: '4 comentarios' }));
    expect(dialogStore.get()).toEqual({ kind: 'comments', chismeId: 'c-5' });
  });
});

describe('chismeColor', () => {
  it('uses blue/green in casual and purple/rose in cotilleo by recognised gender, else neutral', () => {
    expect(chismeColor('Hombre', false)).toBe('blue');
    expect(chismeColor('Female', false)).toBe('green');
    expect(chismeColor('boy', true)).toBe('grape');
    expect(chismeColor('Mujer', true)).toBe('rose');
    expect(chismeColor('Prefiero no decirlo', false)).toBe('gray');
  });
});
