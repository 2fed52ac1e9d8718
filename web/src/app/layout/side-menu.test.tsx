import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, signedIn, signedOut, userEvent } from '../../test-utils/render';
import { dialogStore } from '../../hooks/use-dialogs';
import { SideMenu } from './side-menu';

const signOut = vi.fn();
const updateProfileCotilleo = vi.fn();
vi.mock('../../features/auth/api/sign-out', () => ({ signOut: () => signOut() }));
vi.mock('../../features/settings/api/update-profile-cotilleo', () => ({
  updateProfileCotilleo: (value: boolean) => updateProfileCotilleo(value),
}));

describe('SideMenu', () => {
  beforeEach(() => {
    signOut.mockReset().mockResolvedValue(true);
    updateProfileCotilleo.mockReset().mockResolvedValue(undefined);
    dialogStore.set({ kind: 'none' });
  });

  it("offers Perfil (one's own chismes and notifications), Murmuro and Cerrar Sesión when signed in", () => {
    render(<SideMenu opened onClose={() => {}} signedIn />, { session: signedIn });
    for (const name of ['Perfil', 'Murmuro', 'Cerrar Sesión', 'Sobre Nosotros']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Iniciar Sesión' })).not.toBeInTheDocument();
  });

  it('offers Iniciar Sesión when signed out, and opens the auth modal', async () => {
    const onClose = vi.fn();
    render(<SideMenu opened onClose={onClose} signedIn={false} />, { session: signedOut });
    expect(screen.queryByRole('button', { name: 'Cerrar Sesión' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Iniciar Sesión' }));
    expect(onClose).toHaveBeenCalled();
    expect(dialogStore.get()).toEqual({ kind: 'auth' });
  });

  it('shows the Murmuro alert', async () => {
    render(<SideMenu opened onClose={() => {}} signedIn />, { session: signedIn });
    await userEvent.click(screen.getByRole('button', { name: 'Murmuro' }));
    expect(await screen.findByText('Opción aun en trabajo, disfruta de todo lo demás.')).toBeInTheDocument();
  });

  it('closes the menu when signing out', async () => {
    const onClose = vi.fn();
    render(<SideMenu opened onClose={onClose} signedIn />, { session: signedIn });
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar Sesión' }));
    expect(onClose).toHaveBeenCalled();
    expect(signOut).toHaveBeenCalled();
  });

  it('asks for the adult confirmation, then saves cotilleo mode locally and, when signed in, to the profile', async () => {
    render(<SideMenu opened onClose={() => {}} signedIn />, { session: signedIn });
    await userEvent.click(screen.getByRole('switch', { name: 'Modo cotilleo' }));
    expect(localStorage.getItem('cotilleoMode')).not.toBe('true');
    expect(updateProfileCotilleo).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('button', { name: 'Tengo 18 años o más' }));
    expect(localStorage.getItem('cotilleoMode')).toBe('true');
    expect(updateProfileCotilleo).toHaveBeenCalledWith(true);
  });

  it('leaves cotilleo mode off when the confirmation is cancelled', async () => {
    render(<SideMenu opened onClose={() => {}} signedIn />, { session: signedIn });
    await userEvent.click(screen.getByRole('switch', { name: 'Modo cotilleo' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancelar' }));
    expect(localStorage.getItem('cotilleoMode')).not.toBe('true');
    expect(updateProfileCotilleo).not.toHaveBeenCalled();
  });

  it('keeps cotilleo mode local when signed out', async () => {
    render(<SideMenu opened onClose={() => {}} signedIn={false} />, { session: signedOut });
    await userEvent.click(screen.getByRole('switch', { name: 'Modo cotilleo' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Tengo 18 años o más' }));
    expect(localStorage.getItem('cotilleoMode')).toBe('true');
    expect(updateProfileCotilleo).not.toHaveBeenCalled();
  });

  it('has a dark-mode switch', () => {
    render(<SideMenu opened onClose={() => {}} signedIn={false} />, { session: signedOut });
    expect(screen.getByRole('switch', { name: 'Modo oscuro' })).not.toBeChecked();
  });
});
