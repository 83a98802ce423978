// Draws the app's icons (the installable app's manifest, shell/public/icons/) from the favicon's
// shapes with Chromium, at the sizes the manifest lists: `node tools/icons/make-icons.mjs`.
// The maskable icon keeps its ring inside the 80% safe zone on a full background.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const out = join(root, 'shell/public/icons');
const any =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="28" fill="#7a1f3d"/><circle cx="32" cy="32" r="14" fill="none" stroke="#e0a526" stroke-width="6"/></svg>';
const maskable =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#7a1f3d"/><circle cx="32" cy="32" r="11" fill="none" stroke="#e0a526" stroke-width="5"/></svg>';
const icons = [
  { file: 'icon-192.png', size: 192, svg: any },
  { file: 'icon-512.png', size: 512, svg: any },
  { file: 'icon-maskable-512.png', size: 512, svg: maskable },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
});
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: join(out, file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`icons written to ${out}`);
