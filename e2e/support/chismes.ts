// What a person does with chismes in the app: publish through the dialog, find a card.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export type NewChisme = { gender?: 'Hombre' | 'Mujer' | 'Prefiero no decirlo'; age?: string; content?: string; tags?: string[]; image?: string };

/** A unique, valid chisme text so a journey can find its own card among everyone's. */
export function uniqueContent(label: string): string {
  return `${label} ${randomUUID().slice(0, 8)}: dicen que alguien vio algo muy curioso`;
}

export async function openNewChisme(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Nuevo chisme' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nuevo Chisme' });
  await dialog.waitFor();
  return dialog;
}

/** Picks an option of a select (Mantine's combobox: the field opens the list of options). */
export async function chooseOption(dialog: Locator | Page, field: string, option: string): Promise<void> {
  await dialog.getByRole('combobox', { name: field }).click();
  await dialog.getByRole('option', { name: option, exact: true }).click();
}

/** Types each tag into the tag field (web's TagInput, in the new-post and filter dialogs), Enter after each. */
export async function enterTags(dialog: Locator, tags: string[]): Promise<void> {
  const field = dialog.getByRole('textbox', { name: 'Etiquetas' });
  for (const tag of tags) {
    await field.fill(tag);
    await field.press('Enter');
  }
}

/** Fills the new-post dialog (only the given fields) and presses "Publicar". */
export async function fillAndSubmit(dialog: Locator, values: NewChisme): Promise<void> {
  if (values.gender) await chooseOption(dialog, 'Género', values.gender);
  if (values.age !== undefined) await dialog.getByRole('textbox', { name: 'Edad' }).fill(values.age);
  if (values.content !== undefined) await dialog.getByRole('textbox', { name: 'Contenido del chisme' }).fill(values.content);
  await enterTags(dialog, values.tags ?? []);
  if (values.image) await dialog.locator('input[type="file"]').setInputFiles(values.image);
  await dialog.getByRole('button', { name: 'Publicar' }).click();
}

/** Publishes a valid chisme and waits until the dialog closed (an image's upload takes longer). */
export async function publishChisme(page: Page, values: NewChisme & { content: string }): Promise<void> {
  const dialog = await openNewChisme(page);
  await fillAndSubmit(dialog, { gender: 'Mujer', age: '30', ...values });
  await dialog.waitFor({ state: 'detached', timeout: values.image ? 60_000 : 30_000 });
}

/** Publishes a chisme whose text is `uniqueContent(label)` (other fields as given) and returns that text. */
export async function publishNew(page: Page, label: string, values: Omit<NewChisme, 'content'> = {}): Promise<string> {
  const content = uniqueContent(label);
  await publishChisme(page, { ...values, content });
  return content;
}

/** The card of the chisme with this content in the current list. */
export function card(page: Page, content: string): Locator {
  return page.getByRole('article').filter({ hasText: content });
}

/**
 * Another person's new chismes do not move an open recent feed: they show as the pill
 * "N chismes nuevos" (within one realtime flush, about 4 s), and tapping it brings them in at
 * the top. Waits for the pill, taps it, and waits for the card with this content, returned.
 */
export async function showNewChismes(page: Page, content: string): Promise<Locator> {
  const pill = page.getByRole('button', { name: /^\d+ chismes? nuevos?$/ });
  await pill.waitFor({ timeout: 30_000 });
  await pill.click();
  await pill.waitFor({ state: 'detached' });
  const arrived = card(page, content);
  await arrived.waitFor();
  return arrived;
}

/** Turns on cotilleo mode from the side menu, confirming the age (adults only), and waits until the app shows it. */
export async function switchToCotilleo(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  const menu = page.getByRole('dialog', { name: 'Menú' });
  await menu.getByRole('switch', { name: 'Modo cotilleo' }).click();
  await page.getByRole('dialog', { name: 'Modo cotilleo: solo para mayores de 18 años' }).getByRole('button', { name: 'Tengo 18 años o más' }).click();
  await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('cotilleo-mode'))).toBe(true);
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
}
