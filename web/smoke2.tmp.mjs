import { chromium } from 'playwright-core';
import { writeFileSync } from 'node:fs';
const base = 'http://127.0.0.1:5180';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const logs = [];
async function newUser(name) {
  const ctx = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => logs.push(`${name} pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && logs.push(`${name} console: ${m.text().slice(0, 200)}`));
  await page.goto(base + '/login');
  await page.getByTestId('welcome-sign-in').click();
  await page.getByRole('button', { name: '¿No tienes cuenta? Regístrate' }).click();
  await page.getByLabel('Nombre de usuario').fill(name);
  await page.getByLabel('Correo electrónico').fill(`${name}${Date.now()}@example.com`);
  await page.getByLabel('Contraseña', { exact: true }).fill('Secreta123');
  await page.getByLabel('Confirmar contraseña').fill('Secreta123');
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await page.waitForURL('**/chismes/');
  return page;
}
async function post(page, text, image) {
  await page.getByTestId('new-chisme-button').click();
  await page.getByRole('combobox', { name: 'Género' }).click();
  await page.getByRole('option', { name: 'Hombre' }).click();
  await page.getByLabel('Edad', { exact: true }).fill('30');
  await page.getByLabel('Contenido del chisme').fill(text);
  if (image) await page.locator('input[type=file]').setInputFiles(image);
  await page.getByTestId('publish-chisme').click();
  await page.getByRole('dialog').waitFor({ state: 'detached', timeout: 15000 });
}
try {
  const a = await newUser('autora');
  const b = await newUser('lector');
  const text = `Chisme de prueba ${Date.now()}`;
  await post(a, text);
  await b.waitForTimeout(1500);
  const cardB = b.getByTestId('feed-item').filter({ hasText: text });
  console.log('B sees live chisme:', await cardB.count());
  await cardB.getByTestId('like-button').click();
  await b.waitForTimeout(1000);
  console.log('B like label:', await cardB.getByTestId('like-button').getAttribute('aria-label'));
  await a.waitForTimeout(1500);
  const cardA = a.getByTestId('feed-item').filter({ hasText: text });
  console.log('A sees live like count:', await cardA.getByTestId('like-button').getAttribute('aria-label'));
  console.log('A toast:', await a.getByText('Nueva notificación').count());
  await cardB.getByTestId('report-button').click();
  await b.waitForTimeout(1000);
  console.log('B report disabled:', await cardB.getByTestId('report-button').isDisabled(), await b.getByText('Chisme reportado exitosamente').count());
  await a.screenshot({ path: '/tmp/t1-a.png' });
  await a.goto(base + '/notifications/');
  await a.waitForTimeout(1500);
  console.log('A notifications:', await a.getByTestId('notification-item').count(), await a.getByText(/Notificaci/).first().textContent());
  await a.screenshot({ path: '/tmp/t2-notifs.png' });
  await a.waitForTimeout(3500);
  console.log('A after 3s read:', await a.locator('[data-testid=notification-item][data-read=false]').count());
  // cotilleo with image
  await a.goto(base + '/chismes/');
  await a.getByRole('button', { name: 'Abrir menú' }).click();
  await a.getByRole('switch', { name: 'Modo cotilleo' }).click();
  await a.keyboard.press('Escape');
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
  writeFileSync('/tmp/pixel.png', png);
  const ctext = `Cotilleo con foto ${Date.now()}`;
  await post(a, ctext, '/tmp/pixel.png');
  await a.waitForTimeout(1000);
  const ccard = a.getByTestId('feed-item').filter({ hasText: ctext });
  console.log('image button enabled:', await ccard.getByTestId('image-button').isEnabled());
  await ccard.getByTestId('image-button').click();
  await a.waitForTimeout(1500);
  await a.screenshot({ path: '/tmp/t3-viewer.png' });
  console.log('viewer img:', await a.getByRole('img', { name: 'Imagen del chisme' }).count(), await a.getByRole('timer').textContent());
} catch (e) {
  console.log('FAILED', e.message.slice(0, 500));
  for (const p of browser.contexts().flatMap((c) => c.pages())) await p.screenshot({ path: '/tmp/t-fail-' + Math.random().toString(36).slice(2, 6) + '.png' });
}
console.log(logs.slice(0, 15).join('\n'));
await browser.close();
