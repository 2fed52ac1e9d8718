import { describe, expect, it } from 'vitest';
import { render, screen } from '../test-utils/render';
import { documentTitle, RouteHead, screenTitle } from './route-head';

describe('route titles', () => {
  it('names every screen in Spanish (spec tab names) and no redirect-only path', () => {
    expect(screenTitle('/login')).toBe('Bienvenido a Chismes');
    expect(screenTitle('/chismes/')).toBe('Recent');
    expect(screenTitle('/chismes/tranding/')).toBe('Tranding');
    expect(screenTitle('/chismes/top/')).toBe('Tops');
    expect(screenTitle('/chismes/old/')).toBe('Olds');
    expect(screenTitle('/chismes/2b7c1e9a-5d4f-4c3b-9a8e-1f2d3c4b5a69')).toBe('Chisme');
    expect(screenTitle('/profile/')).toBe('Mis Chismes');
    expect(screenTitle('/notifications/')).toBe('Notificaciones');
    expect(screenTitle('/moderacion')).toBe('Moderación');
    expect(screenTitle('/')).toBeNull();
  });

  it('gives each route its own document title', () => {
    expect(documentTitle('Tops')).toBe('Tops · Chismes');
    expect(documentTitle('Bienvenido a Chismes')).toBe('Bienvenido a Chismes');
    expect(documentTitle('Mis Chismes')).toBe('Mis Chismes · Chismes');
    expect(documentTitle(null)).toBe('Chismes');
  });

  it('sets the title and renders exactly one h1 on a signed-in screen', () => {
    render(<RouteHead />, { route: '/notifications/' });
    expect(document.title).toBe('Notificaciones · Chismes');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Notificaciones' })).toBeInTheDocument();
  });

  it('leaves the h1 to the welcome screen on /login', () => {
    render(<RouteHead />, { route: '/login' });
    expect(document.title).toBe('Bienvenido a Chismes');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});
