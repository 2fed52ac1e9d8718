import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { render, screen, userEvent } from '../../../test-utils/render';
import { NoticeConfirm } from './notice-confirm';

const api = vi.hoisted(() => ({ confirmNotice: vi.fn() }));
vi.mock('../api/notices-api', () => api);

const TOKEN = 'ab'.repeat(32);

describe('NoticeConfirm', () => {
  it('confirms the token once and says what happens next', async () => {
    api.confirmNotice.mockResolvedValueOnce(undefined);
    render(<NoticeConfirm token={TOKEN} />);
    expect(await screen.findByRole('heading', { name: 'Denuncia confirmada' })).toBeInTheDocument();
    expect(screen.getByText(/Te escribiremos con la decisión/)).toBeInTheDocument();
    expect(api.confirmNotice).toHaveBeenCalledTimes(1);
    expect(api.confirmNotice).toHaveBeenCalledWith(TOKEN);
  });

  it('says an expired or used link in Spanish, and lets a failed try be repeated', async () => {
    api.confirmNotice.mockReset();
    api.confirmNotice.mockRejectedValueOnce(new ApiError('notice_link_invalid')).mockResolvedValueOnce(undefined);
    render(<NoticeConfirm token={TOKEN} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Este enlace no es válido o ha caducado (dura una hora). Vuelve a enviar la denuncia.');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Denuncia confirmada' })).toBeInTheDocument();
  });
});
