import { describe, expect, it } from 'vitest';
import { countries } from '../lib/countries';
import { render, screen, waitFor } from '../test-utils/render';
import { CountryFlag } from './country-flag';
import { flagImageUrl } from './flag-images';

describe('CountryFlag', () => {
  it('shows the SVG flag image of a country named by alias', async () => {
    render(<CountryFlag country="Spain" />);
    // A same-size placeholder with the name first, then the image once the flags chunk loads.
    expect(screen.getByRole('img', { name: 'España' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('img', { name: 'España' }).tagName).toBe('IMG'));
    expect(screen.getByRole('img', { name: 'España' }).getAttribute('src')).toMatch(/^data:image\/svg\+xml,%3Csvg/);
  });
  it('shows the flag of a country given by code', async () => {
    render(<CountryFlag country="CR" />);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Costa Rica' }).tagName).toBe('IMG'));
  });
  it('falls back to the question-mark flag', () => {
    render(<CountryFlag country="unknow" />);
    expect(screen.getByRole('img', { name: 'País desconocido' })).toHaveTextContent('?');
  });
  it('has a distinct SVG flag for every country the app knows', () => {
    const urls = countries.map((c) => flagImageUrl(c.code));
    expect(urls.every((url) => url?.startsWith('data:image/svg+xml,'))).toBe(true);
    expect(new Set(urls).size).toBe(countries.length);
    expect(countries.length).toBeGreaterThanOrEqual(40);
  });
});
