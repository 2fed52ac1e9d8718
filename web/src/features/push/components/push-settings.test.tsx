import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, waitFor } from '../../../test-utils/render';
import { PushSettings } from './push-settings';

const rpc = vi.fn();
vi.mock('../../../lib/supabase', () => ({ supabase: { rpc: (...args: unknown[]) => rpc(...args) } }));

const defaults = {
  comments: true,
  replies: true,
  likes: false,
  quiet_hours: true,
  quiet_start: '23:00',
  quiet_end: '08:00',
  time_zone: 'Europe/Madrid',
  show_text: false,
};
const devices = [{ id: 'd1', user_agent_family: 'Chrome en Android', created_at: '2026-11-20T10:00:00Z', last_success_at: null, this_device: false }];

beforeEach(() => {
  rpc.mockReset().mockImplementation((name: string, args: Record<string, unknown>) => {
    if (name === 'get_push_settings') return Promise.resolve({ data: defaults, error: null });
    if (name === 'get_my_push_devices') return Promise.resolve({ data: devices, error: null });
    if (name === 'update_push_settings') return Promise.resolve({ data: { ...defaults, likes: args.p_likes === 'true' }, error: null });
    return Promise.resolve({ data: true, error: null });
  });
});

describe('PushSettings', () => {
  it('shows the defaults: comments and replies, quiet 23:00–08:00, no text on the lock screen', async () => {
    const user = userEvent.setup();
    render(<PushSettings userId="settings-user" />);
    await user.click(screen.getByRole('button', { name: 'Avisos con Chismes cerrado' }));
    expect(await screen.findByRole('switch', { name: 'Comentarios' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Respuestas' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Me gusta' })).not.toBeChecked();
    expect(screen.getByLabelText('Desde')).toHaveValue('23:00');
    expect(screen.getByLabelText('Hasta')).toHaveValue('08:00');
    expect(screen.getByRole('switch', { name: /Mostrar el texto en la pantalla bloqueada/ })).not.toBeChecked();
    expect(screen.getByText(/Europe\/Madrid/)).toBeInTheDocument();
    // jsdom has no Web Push: this device cannot, and says why
    expect(screen.getByRole('switch', { name: 'Avisos en este dispositivo' })).toBeDisabled();
    expect(screen.getByText('Este navegador no puede avisarte con Chismes cerrado.')).toBeInTheDocument();
  });

  it('saves a change at once, and removes a device from the list', async () => {
    const user = userEvent.setup();
    render(<PushSettings userId="settings-user-2" />);
    await user.click(screen.getByRole('button', { name: 'Avisos con Chismes cerrado' }));
    await user.click(await screen.findByRole('switch', { name: 'Me gusta' }));
    await waitFor(() =>
      expect(rpc).toHaveBeenCalledWith('update_push_settings', expect.objectContaining({ p_likes: 'true', p_comments: undefined }), undefined),
    );
    expect(screen.getByRole('switch', { name: 'Me gusta' })).toBeChecked();
    await user.click(await screen.findByRole('button', { name: 'Quitar Chrome en Android' }));
    await waitFor(() => expect(rpc).toHaveBeenCalledWith('delete_push_device', { p_id: 'd1' }, undefined));
    await waitFor(() => expect(screen.queryByText(/Chrome en Android/)).toBeNull());
  });
});
