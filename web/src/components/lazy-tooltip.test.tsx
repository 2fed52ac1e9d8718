import { ActionIcon } from '@mantine/core';
import { fireEvent } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '../test-utils/render';
import { LazyTooltip } from './lazy-tooltip';

function target() {
  return (
    <LazyTooltip label="Compartir">
      <ActionIcon aria-label="Compartir">x</ActionIcon>
    </LazyTooltip>
  );
}

describe('LazyTooltip', () => {
  it('shows no tooltip before the mouse enters its target', () => {
    render(target());
    expect(screen.getByRole('button', { name: 'Compartir' })).toBeInTheDocument();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows the tooltip when a mouse enters its target', async () => {
    render(target());
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Compartir' }), { pointerType: 'mouse' });
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Compartir');
  });

  it('stays closed when the mouse left before the tooltip had loaded', async () => {
    render(target());
    const button = screen.getByRole('button', { name: 'Compartir' });
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    fireEvent.pointerLeave(button, { pointerType: 'mouse' });
    await import('./lazy-tooltip-floating');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows no tooltip for a touch', () => {
    render(target());
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Compartir' }), { pointerType: 'touch' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

describe('LazyTooltip target', () => {
  it('keeps the same button element when the tooltip mounts', () => {
    render(target());
    const button = screen.getByRole('button', { name: 'Compartir' });
    fireEvent.pointerEnter(button, { pointerType: 'mouse' });
    expect(screen.getByRole('button', { name: 'Compartir' })).toBe(button);
  });
});
