// Journey 24: "Descargar mis datos" downloads a JSON file holding the person's chisme; "Eliminar
// mi cuenta" asks for the password (a wrong one changes nothing), then deletes everything and
// signs them out; another person then finds their chisme gone.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { publishNew } from '../support/chismes.ts';
import { chismeIdOf, sqlOne } from '../support/db.ts';
import { useBrowser } from '../support/journey.ts';
import { signedInPerson } from '../support/users.ts';

useBrowser();

const notFound = 'Este chisme no existe o ya no está disponible';

describe('journey 24: my data', () => {
  it("exports the person's data, then deletes the account", { timeout: 360_000 }, async () => {
    const [{ page: leaver, account: leaverAccount }, { page: other }] = await Promise.all([
      signedInPerson('leaver', 'exporta'),
      signedInPerson('other', 'testigo'),
    ]);
    const content = await publishNew(leaver, 'Mi chisme para llevarme');
    const id = await chismeIdOf(content);

    // Export
    await leaver.getByRole('button', { name: 'Abrir menú' }).click();
    const [download] = await Promise.all([leaver.waitForEvent('download'), leaver.getByRole('button', { name: 'Descargar mis datos' }).click()]);
    expect(download.suggestedFilename()).toBe('mis-datos-chismes.json');
    const data = JSON.parse(readFileSync((await download.path())!, 'utf8')) as { account: { email: string }; chismes: { content: string }[] };
    expect(data.account.email).toBe(leaverAccount.email);
    expect(data.chismes.map((c) => c.content)).toEqual([content]);

    // Delete: a wrong password first
    await leaver.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
    const dialog = leaver.getByRole('dialog', { name: 'Eliminar mi cuenta' });
    await dialog.getByLabel('Contraseña').fill('NoEsLaMia1');
    await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
    await dialog.getByText('La contraseña no es correcta').waitFor();
    expect(Number((await sqlOne<{ n: string }>('select count(*) as n from auth.users where email = $1', [leaverAccount.email])).n)).toBe(1);
    await dialog.getByLabel('Contraseña').fill(leaverAccount.password);
    await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
    await leaver.waitForURL('**/login');
    await leaver.getByRole('button', { name: 'Iniciar Sesión' }).first().waitFor();
    expect(Number((await sqlOne<{ n: string }>('select count(*) as n from auth.users where email = $1', [leaverAccount.email])).n)).toBe(0);

    // The other person: the chisme is gone
    await other.goto(`/chismes/${id}`);
    await other.getByText(notFound).waitFor();
  });
});
