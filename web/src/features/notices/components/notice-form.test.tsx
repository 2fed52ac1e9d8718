import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { render, screen, userEvent } from '../../../test-utils/render';
import { NoticeForm } from './notice-form';

const api = vi.hoisted(() => ({ submitNotice: vi.fn() }));
vi.mock('../api/notices-api', () => api);
vi.mock('../api/report-reasons', () => ({
  getReportReasons: () =>
    Promise.resolve([
      { code: 'datos_personales', label: 'Datos personales de alguien', rule: 'Norma 2', illegal: true, legal_ground: 'RGPD' },
      { code: 'spam', label: 'Spam', rule: 'Norma 7', illegal: false, legal_ground: null },
    ]),
}));

const ID = '6f1c2b1e-9d8a-4c3b-8a7f-0e1d2c3b4a59';

describe('NoticeForm', () => {
  it('asks for a reason, an explanation and an address before sending, in Spanish', async () => {
    render(<NoticeForm kind="chisme" id={ID} />);
    await screen.findByRole('radio', { name: 'Spam' });
    await userEvent.click(screen.getByRole('button', { name: 'Enviar denuncia' }));
    expect(screen.getByText('Elige un motivo de la lista.')).toBeInTheDocument();
    expect(screen.getByText(/Explica qué es ilegal y por qué \(hasta 2000/)).toBeInTheDocument();
    expect(screen.getByText('Escribe un correo electrónico válido para recibir la respuesta.')).toBeInTheDocument();
    expect(api.submitNotice).not.toHaveBeenCalled();
  });

  it('sends the notice and tells the person to confirm it by mail', async () => {
    api.submitNotice.mockResolvedValueOnce(undefined);
    render(<NoticeForm kind="chisme" id={ID} />);
    await userEvent.click(await screen.findByRole('radio', { name: 'Datos personales de alguien' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Explica qué es ilegal/ }), 'Sale mi dirección.');
    await userEvent.type(screen.getByRole('textbox', { name: /Tu correo electrónico/ }), 'yo@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar denuncia' }));
    expect(api.submitNotice).toHaveBeenCalledWith('chisme', ID, 'datos_personales', 'Sale mi dirección.', 'yo@example.test');
    expect(await screen.findByRole('heading', { name: 'Revisa tu correo' })).toBeInTheDocument();
    expect(screen.getByText(/Te hemos enviado un correo a yo@example.test/)).toBeInTheDocument();
  });

  it('shows a refusal of the database as its Spanish message', async () => {
    api.submitNotice.mockRejectedValueOnce(new ApiError('rate_limited', { action: 'notice', retry_after: 600 }));
    render(<NoticeForm kind="comment" id={ID} />);
    expect(screen.getByText(/el comentario del enlace/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('radio', { name: 'Spam' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Explica qué es ilegal/ }), 'Publicidad.');
    await userEvent.type(screen.getByRole('textbox', { name: /Tu correo electrónico/ }), 'yo@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar denuncia' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^Vas demasiado rápido. Espera .+ antes de volver a intentarlo.$/);
  });
});
