// Journey 8: the four feeds order chismes as the spec says, filters (gender, country, age
// range, tags) narrow every feed, an invalid age range shows its message, "Limpiar Filtros"
// resets, and scrolling to the bottom loads page 2. The rows are this run's own fixtures
// (fixed likes and ages), found through a tag only they carry.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible } from '../support/axe.ts';
import { snap } from '../support/browser.ts';
import { expectToastsCoverNothing } from '../support/layout.ts';
import { chooseOption, enterTags } from '../support/chismes.ts';
import { sqlOne } from '../support/db.ts';
import { insertFeedRows, type FixtureRow } from '../support/feed-fixtures.ts';
import { person, useBrowser } from '../support/journey.ts';
import { createAccount, signIn } from '../support/users.ts';

useBrowser();

const tag = `#o${randomUUID().slice(0, 8)}`;
const pageTag = `#p${randomUUID().slice(0, 8)}`;
const H = 60;
const D = 24 * 60;
const rows: FixtureRow[] = [
  { label: 'A', gender: 'Hombre', years: 20, country: 'México', likes: 5, minutesAgo: 1 * H, tag },
  { label: 'B', gender: 'Mujer', years: 35, country: 'España', likes: 9, minutesAgo: 2 * H, tag },
  { label: 'C', gender: 'Mujer', years: 50, country: 'México', likes: 2, minutesAgo: 30, tag },
  { label: 'D', gender: 'Hombre', years: 28, country: 'Argentina', likes: 12, minutesAgo: 3 * D, tag },
  { label: 'E', gender: 'Prefiero no decirlo', years: 60, country: 'Chile', likes: 0, minutesAgo: 5 * D, tag },
];
const pageRows: FixtureRow[] = Array.from({ length: 23 }, (_, i) => ({
  label: `P${String(i).padStart(2, '0')}`,
  gender: 'Hombre',
  years: 30,
  country: 'Perú',
  likes: 0,
  minutesAgo: 40 + i,
  tag: pageTag,
}));

/** The fixture labels of the cards in the list, top to bottom. */
async function labels(page: Page): Promise<string[]> {
  const texts = await page
    .getByRole('list', { name: 'Lista de chismes' })
    .getByRole('article')
    .allInnerTexts()
    .catch(() => []);
  return texts.map((text) => /Fixture (\w+) /.exec(text)?.[1]).filter((label): label is string => Boolean(label));
}

async function openFilters(page: Page) {
  await page.getByRole('button', { name: 'Filtrar Chismes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filtrar Chismes' });
  await dialog.waitFor();
  return dialog;
}

async function applyFilters(page: Page, values: { gender?: string; country?: string; from?: string; to?: string; tags?: string[] }) {
  const dialog = await openFilters(page);
  if (values.gender) await chooseOption(dialog, 'Género', values.gender);
  if (values.country) await dialog.getByRole('combobox', { name: 'País' }).selectOption({ label: values.country });
  if (values.from !== undefined) await dialog.getByRole('textbox', { name: 'Edad desde' }).fill(values.from);
  if (values.to !== undefined) await dialog.getByRole('textbox', { name: 'Edad hasta' }).fill(values.to);
  await enterTags(dialog, values.tags ?? []);
  await dialog.getByRole('button', { name: 'Aplicar Filtros' }).click();
  return dialog;
}

const tabPaths = { Recent: '/chismes/', Tranding: '/chismes/tranding/', Tops: '/chismes/top/', Olds: '/chismes/old/' } as const;

async function tab(page: Page, name: 'Recent' | 'Tranding' | 'Tops' | 'Olds', expected: string[]) {
  await page.getByRole('tab', { name }).click();
  await page.waitForURL(`**${tabPaths[name]}`);
  await page.getByRole('tab', { name, selected: true }).waitFor();
  await expect.poll(() => labels(page), { timeout: 20_000, message: `${name} order` }).toEqual(expected);
}

describe('journey 8: feeds and filters', () => {
  it('orders the four feeds, narrows every feed with filters, resets, and loads page 2', async () => {
    const account = await createAccount('feeds');
    const { id } = await sqlOne<{ id: string }>('select id from auth.users where email = $1', [account.email]);
    await insertFeedRows(id!, [...rows, ...pageRows]);
    const page = await person('reader');
    await signIn(page, account);

    // The country list is reached with Tab and open with nothing unreachable by keyboard in it
    // (Mantine's floating list once was a scrolling region no key could reach).
    const filters = await openFilters(page);
    await filters.getByRole('combobox', { name: 'Género' }).focus();
    await page.keyboard.press('Tab');
    const countryList = filters.getByRole('combobox', { name: 'País' });
    expect(await countryList.evaluate((element) => element === document.activeElement)).toBe(true);
    await countryList.click();
    await expectAccessible(page, 'filters with the country list open');
    await page.keyboard.press('Escape'); // closes the list (and, where it had none open, the dialog)
    if (await filters.isVisible()) await filters.getByRole('button', { name: 'Cerrar' }).click();
    await filters.waitFor({ state: 'detached' });

    // Only this run's rows: filter by their tag, then check each feed's order.
    await applyFilters(page, { tags: [tag.slice(1)] });
    await page.getByRole('alert').filter({ hasText: 'Filtros aplicados exitosamente' }).waitFor();
    // The toast leaves "Filtrar Chismes", the tabs and the first cards free.
    expect(await expectToastsCoverNothing(page, 'after applying filters')).toBe(1);
    await tab(page, 'Recent', ['C', 'A', 'B', 'D', 'E']);
    await tab(page, 'Tranding', ['B', 'A', 'C']);
    await tab(page, 'Tops', ['D', 'B', 'A', 'C', 'E']);
    await tab(page, 'Olds', ['E', 'D', 'B', 'A', 'C']);
    await snap(page, '08-feeds-olds');

    // Gender narrows every feed.
    await applyFilters(page, { gender: 'Mujer' });
    await tab(page, 'Recent', ['C', 'B']);
    await tab(page, 'Tranding', ['B', 'C']);
    await tab(page, 'Tops', ['B', 'C']);
    await tab(page, 'Olds', ['B', 'C']);

    // Country (gender back to all), then an age range.
    await applyFilters(page, { gender: 'Todos', country: 'México' });
    await tab(page, 'Recent', ['C', 'A']);
    await tab(page, 'Tops', ['A', 'C']);
    await applyFilters(page, { country: 'Todos los países', from: '30', to: '55' });
    await tab(page, 'Olds', ['B', 'C']);
    await tab(page, 'Tranding', ['B', 'C']);
    await snap(page, '08-feeds-filtered');

    // An invalid range is refused with the spec's message and changes nothing.
    const dialog = await applyFilters(page, { from: '50', to: '20' });
    await dialog.getByRole('alert').filter({ hasText: 'El rango de edad no es válido' }).waitFor();
    await snap(page, '08-feeds-invalid-range');
    await dialog.getByRole('button', { name: 'Limpiar Filtros' }).click();
    await page.getByRole('alert').filter({ hasText: 'Filtros restablecidos' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // Reset: everyone's chismes again (the seed's and other journeys'), not only the fixtures.
    await page.getByRole('tab', { name: 'Recent' }).click();
    await expect
      .poll(async () =>
        (await page.getByRole('list', { name: 'Lista de chismes' }).getByRole('article').allInnerTexts()).some((text) => !text.includes('Fixture')),
      )
      .toBe(true);

    // Infinite scroll: 23 rows with the paging tag, 20 per page.
    await applyFilters(page, { tags: [pageTag.slice(1)] });
    await tab(
      page,
      'Recent',
      pageRows.slice(0, 20).map((row) => row.label),
    );
    await page.getByRole('list', { name: 'Lista de chismes' }).getByRole('article').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await expect.poll(() => labels(page), { timeout: 20_000 }).toEqual(pageRows.map((row) => row.label));
    await snap(page, '08-feeds-page-2');
  });
});
