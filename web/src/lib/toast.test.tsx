import { describe, expect, it } from 'vitest';
import { render, screen, within } from '../test-utils/render';
import { toast } from './toast';

describe('toast', () => {
  it('shows the message with a close button that has a Spanish name', async () => {
    render(<></>);
    toast.error('No se pudo guardar');
    const alert = (await screen.findByText('No se pudo guardar')).closest('.mantine-Notification-root');
    expect(alert).not.toBeNull();
    expect(within(alert as HTMLElement).getByRole('button', { name: 'Cerrar aviso' })).toBeInTheDocument();
  });
});
