import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, userEvent, within } from '../../../test-utils/render';
import { filtersStore } from '../../../hooks/use-feed-filters';
import { emptyFilters } from '../../../lib/feed-filters';
import { FilterModal } from './filter-modal';

describe('FilterModal', () => {
  beforeEach(() => {
    filtersStore.set(emptyFilters);
  });

  it.each([['40', '20', 'El rango de edad no es válido']])('refuses ages from %s to %s with "%s" and keeps the filters', async (from, to, message) => {
    const onClose = vi.fn();
    render(<FilterModal onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('Edad desde'), from);
    await userEvent.type(screen.getByLabelText('Edad hasta'), to);
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar Filtros' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    const fromInput = screen.getByLabelText('Edad desde');
    expect(fromInput).toHaveFocus();
    expect(fromInput).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Edad hasta')).not.toHaveAttribute('aria-invalid');
    expect(filtersStore.get()).toEqual(emptyFilters);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers every country in a native list, reached and chosen by keyboard, with no scrolling region of its own', async () => {
    render(<FilterModal onClose={() => {}} />);
    const country = screen.getByRole('combobox', { name: 'País' });
    // The platform's own list: every choice is there for the keyboard and screen readers at all
    // times (axe's scrollable-region-focusable is checked in the browser, journey 8).
    expect(country.tagName).toBe('SELECT');
    expect(within(country).getAllByRole('option')).toHaveLength(34);
    await userEvent.selectOptions(country, 'España');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar Filtros' }));
    expect(filtersStore.get()).toMatchObject({ country: 'España' });
  });

  it('accepts only two digits in the age inputs', async () => {
    render(<FilterModal onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText('Edad desde'), '1a23');
    expect(screen.getByLabelText('Edad desde')).toHaveValue('12');
  });

  it('applies age range and tags to the feeds with a success toast', async () => {
    const onClose = vi.fn();
    render(<FilterModal onClose={onClose} />);
    await userEvent.type(screen.getByLabelText('Edad desde'), '18');
    await userEvent.type(screen.getByLabelText('Edad hasta'), '30');
    await userEvent.type(screen.getByLabelText('Etiquetas'), 'amor{Enter}');
    await userEvent.type(screen.getByLabelText('Etiquetas'), 'trabajo');
    await userEvent.click(screen.getByRole('button', { name: 'Añadir etiqueta' }));
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar Filtros' }));
    expect(filtersStore.get()).toEqual({ gender: null, country: null, yearsFrom: 18, yearsTo: 30, tags: ['#amor', '#trabajo'] });
    expect(await screen.findByText('Filtros aplicados exitosamente')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('refuses a fourth tag', async () => {
    render(<FilterModal onClose={() => {}} />);
    for (const tag of ['a', 'b', 'c', 'd']) await userEvent.type(screen.getByLabelText('Etiquetas'), `${tag}{Enter}`);
    expect(screen.getByText('Máximo 3 etiquetas')).toBeInTheDocument();
    expect(screen.queryByText('#d')).not.toBeInTheDocument();
  });

  it('clears every filter with "Limpiar Filtros"', async () => {
    filtersStore.set({ ...emptyFilters, gender: 'Mujer', yearsFrom: 20 });
    render(<FilterModal onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Limpiar Filtros' }));
    expect(filtersStore.get()).toEqual(emptyFilters);
    expect(await screen.findByText('Filtros restablecidos')).toBeInTheDocument();
  });
});
