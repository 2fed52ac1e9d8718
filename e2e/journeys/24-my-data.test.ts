// Journey 24: "Descargar mis datos" downloads one zip: the JSON of everything about the person
// (their chisme, their comment, the crisis flag the database set) and a readable Spanish page
// (parts explained, dates in their time zone, no bare ids); "Eliminar mi cuenta" asks for the
// password (a wrong one changes nothing), then deletes everything and signs them out; another
// person then finds their chisme gone, and the reply they wrote under the deleted person's
// comment still there, under "Comentario eliminado" (docs/decisions/0034-deletion-keeps-others-words.md).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { publishNew } from '../support/chismes.ts';
import { chismeIdOf, sqlOne } from '../support/db.ts';
import { expectAccessible } from '../support/axe.ts';
import { useBrowser } from '../support/journey.ts';
import { commentAs, signedInPerson } from '../support/users.ts';

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
    // The leaver comments on another person's chisme, who answers them.
    const otherContent = await publishNew(other, 'El chisme de quien se queda');
    const otherId = await chismeIdOf(otherContent);
    const leaverComment = await commentAs(leaver, otherId, 'El comentario de quien se va');
    expect(leaverComment.status).toBe(200);
    expect((await commentAs(other, otherId, 'La respuesta de quien se queda', (leaverComment.body as { id: string }).id)).status).toBe(200);

    // Export
    await leaver.getByRole('button', { name: 'Abrir menú' }).click();
    const [download] = await Promise.all([leaver.waitForEvent('download'), leaver.getByRole('button', { name: 'Descargar mis datos' }).click()]);
    expect(download.suggestedFilename()).toBe('mis-datos-chismes.zip');
    const zip = (await download.path())!;
    expect(execFileSync('unzip', ['-Z1', zip]).toString().trim().split('\n')).toEqual(['mis-datos.json', 'LEEME.html']);
    const data = JSON.parse(execFileSync('unzip', ['-p', zip, 'mis-datos.json']).toString()) as {
      account: { email: string };
      chismes: { content: string; crisis: boolean }[];
      comments: { content: string }[];
      statements: unknown[];
      complaints: unknown[];
    };
    expect(data.account.email).toBe(leaverAccount.email);
    expect(data.chismes.map((c) => [c.content, c.crisis])).toEqual([[content, false]]);
    expect(data.comments.map((c) => c.content)).toEqual(['El comentario de quien se va']);
    expect([data.statements, data.complaints]).toEqual([[], []]);
    // The readable page, opened in the browser as a person would.
    const page = execFileSync('unzip', ['-p', zip, 'LEEME.html']).toString();
    await other.setContent(page);
    const headings = await other.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual(expect.arrayContaining(['Tu cuenta', 'Tus chismes', 'Tus comentarios', 'Personas bloqueadas']));
    const timeZone = await leaver.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await other.getByText(`las fechas están en tu zona horaria (${timeZone})`).waitFor();
    await other.getByRole('cell', { name: content, exact: true }).waitFor();
    await other
      .getByRole('cell', { name: /^Un chisme o contenido de otra persona \(ref\. [0-9a-f]{8}\)$/ })
      .first()
      .waitFor();
    expect(await other.getByRole('cell', { name: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/ }).count()).toBe(0);
    await expectAccessible(other, 'the readable export');

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

    // The other person: the chisme is gone; their reply stays under "Comentario eliminado"
    await other.goto(`/chismes/${id}`);
    await other.getByText(notFound).waitFor();
    await other.goto(`/chismes/${otherId}`);
    const placeholder = other.getByTestId('comment').filter({ has: other.getByTestId('deleted-comment') });
    await placeholder.getByText('Comentario eliminado').waitFor();
    expect(await other.getByText('El comentario de quien se va').count()).toBe(0);
    await placeholder.getByRole('button', { name: /Ver respuestas/ }).click();
    await other.getByText('La respuesta de quien se queda').waitFor();
  });
});
