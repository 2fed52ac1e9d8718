import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { render, screen, userEvent, waitFor } from '../../../test-utils/render';
import { AccountData } from './account-data';

const deleteMyAccount = vi.fn();
const sendDeletionCode = vi.fn();
vi.mock('../api/account', () => ({
  getMyData: () => Promise.resolve({}),
  deleteMyAccount: (proof: unknown) => deleteMyAccount(proof),
  sendDeletionCode: () => sendDeletionCode(),
}));

const user = userEvent.setup();

async function openDelete(onDeleted = vi.fn()) {
  render(<AccountData onDeleted={onDeleted} />);
  await user.click(screen.getByRole('button', { name: 'Eliminar mi cuenta' }));
  return screen.findByRole('dialog', { name: 'Eliminar mi cuenta' });
}

describe('AccountData: deleting the account', () => {
  beforeEach(() => {
    deleteMyAccount.mockReset().mockResolvedValue(undefined);
    sendDeletionCode.mockReset().mockResolvedValue(undefined);
  });

  it('deletes with the password and tells the app', async () => {
    const onDeleted = vi.fn();
    await openDelete(onDeleted);
    await user.type(screen.getByLabelText(/Contraseña/), 'Secreta123');
    await user.click(screen.getByRole('button', { name: 'Eliminar definitivamente' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(deleteMyAccount).toHaveBeenCalledWith({ password: 'Secreta123' });
  });

  it.each([
    [new ApiError('password_invalid', null, 400), 'La contraseña no es correcta'],
    [new ApiError('rate_limited', { retry_after: 1800 }, 429), 'Vas demasiado rápido. Espera 30 minutos antes de volver a intentarlo.'],
    [new ApiError('network', null), 'No se pudo eliminar tu cuenta. Inténtalo de nuevo.'],
  ])('says why a deletion was refused (%s)', async (failure, message) => {
    deleteMyAccount.mockRejectedValue(failure);
    await openDelete();
    await user.type(screen.getByLabelText(/Contraseña/), 'Mala12345');
    await user.click(screen.getByRole('button', { name: 'Eliminar definitivamente' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('without a password: a code by mail, then the code deletes', async () => {
    await openDelete();
    await user.click(screen.getByRole('button', { name: 'Prefiero recibir un código por correo' }));
    expect(await screen.findByText('Te hemos enviado un código a tu correo. Escríbelo aquí.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Código del correo/), '123456');
    await user.click(screen.getByRole('button', { name: 'Eliminar definitivamente' }));
    await waitFor(() => expect(deleteMyAccount).toHaveBeenCalledWith({ code: '123456' }));
  });

  it("a wrong code, and Auth's wait before another code, in Spanish", async () => {
    sendDeletionCode.mockRejectedValueOnce(new ApiError('code_wait', { retry_after: 42 }, 429));
    await openDelete();
    await user.click(screen.getByRole('button', { name: 'Prefiero recibir un código por correo' }));
    expect(await screen.findByText('Por seguridad, espera 42 segundos antes de pedir otro código.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Prefiero recibir un código por correo' }));
    deleteMyAccount.mockRejectedValue(new ApiError('code_invalid', null, 400));
    await user.type(await screen.findByLabelText(/Código del correo/), '000000');
    await user.click(screen.getByRole('button', { name: 'Eliminar definitivamente' }));
    expect(await screen.findByText('El código no es correcto o ha caducado')).toBeInTheDocument();
  });
});
