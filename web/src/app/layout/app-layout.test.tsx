import type { User } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { render, screen, signedIn, testUser } from '../../test-utils/render';
import { AppLayout } from './app-layout';

const moderator = { status: 'signed-in', user: { ...testUser, app_metadata: { role: 'moderator' } } as User } as const;

describe('AppLayout', () => {
  it('offers the new-post button to a signed-in person', () => {
    render(<AppLayout />, { session: signedIn, route: '/chismes/' });
    expect(screen.getByRole('button', { name: 'Nuevo chisme' })).toBeInTheDocument();
  });

  it('offers it to no moderator: moderators post nothing', () => {
    render(<AppLayout />, { session: moderator, route: '/moderacion' });
    expect(screen.queryByRole('button', { name: 'Nuevo chisme' })).toBeNull();
  });
});
