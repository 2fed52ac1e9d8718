// Journey 24: "Descargar mis datos" downloads a JSON file holding the person's chisme; "Eliminar
// mi cuenta" asks for the password (a wrong one changes nothing), then deletes everything and
// signs them out; another person then finds their chisme gone.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { publishChisme, uniqueContent } from '../support/chismes.ts';
import { sqlOne } from '../support/db.ts';
import { person, useBrowser } from '../support/journey.ts';
import { createAccount, signIn } from '../support/users.ts';

useBrowser();

const notFound = 'Este chisme no existe o ya no está disponible';

describe('journey 24: my data', () => {
  it("exports the person's data, then deletes the account", { timeout: 360_000 }, async () => {
    const [leaverAccount, otherAccount] = await Promise.all([createAccount('exporta'), createAccount('testigo')]);
    const leaver = await person('leaver');
    const other = await person('other');
    await Promise.all([signIn(leaver, leaverAccount), signIn(other, otherAccount)]);
    const content = uniqueContent('Mi chisme para llevarme');
    await publishChisme(leaver, { content });
    const { id } = await sqlOne<{ id: string }>('select id from public.chismes where content = $1', [content]);

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
