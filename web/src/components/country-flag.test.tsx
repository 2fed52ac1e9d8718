import { describe, expect, it } from 'vitest';
import { render, screen } from '../test-utils/render';
import { CountryFlag } from './country-flag';

describe('CountryFlag', () => {
  it('shows the flag of a country named by alias', () => {
    render(<CountryFlag country="Spain" />);
    expect(screen.getByRole('img', { name: 'España' })).toHaveTextContent('🇪🇸');
  });
  it('shows the flag of a country given by code', () => {
    render(<CountryFlag country="CR" />);
    expect(screen.getByRole('img', { name: 'Costa Rica' })).toHaveTextContent('🇨🇷');
  });
  it('falls back to the question-mark flag', () => {
    render(<CountryFlag country="unknow" />);
    expect(screen.getByRole('img', { name: 'País desconocido' })).toHaveTextContent('?');
  });
});
