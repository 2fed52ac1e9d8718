// Keyboard-only walk: open the auth modal, register, open the menu, Escape closes dialogs.
import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:5180';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1024, height: 800 } });
const focused = () => page.evaluate(() => { const e = document.activeElement; return `${e?.tagName} ${e?.getAttribute('aria-label') ?? e?.textContent?.trim().slice(0, 30)}`; });
try {
  await page.goto(base + '/login');
  await page.waitForSelector('[data-testid=welcome-sign-in]');
  const order = [];
  for (let i = 0; i < 4; i++) { await page.keyboard.press('Tab'); order.push(await focused()); }
  console.log('tab order:', order.join(' | '));
  // focus the sign-in button and press Enter
  await page.getByTestId('welcome-sign-in').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
  console.log('modal focus:', await focused());
  await page.keyboard.press('Escape');
  await page.waitForTimeout(400);
  console.log('dialog after Escape:', await page.getByRole('dialog').count());
  await page.getByTestId('welcome-sign-in').focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
  await page.keyboard.type('kb' + Date.now() + '@example.com');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Secreta123');
  await page.keyboard.press('Tab');
  console.log('after password tab:', await focused());
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Abrir menú' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').waitFor();
  await page.waitForTimeout(300);
  console.log('menu focus:', await focused());
  await page.keyboard.press('Escape');
  await page.waitForTimeout(400);
  console.log('menu after Escape:', await page.getByRole('dialog').count(), 'focus back:', await focused());
} catch (e) { console.log('FAILED', e.message.slice(0, 300)); }
await browser.close();
