import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const base = process.argv[2];
const pages = process.argv.slice(3);
for (const [w, h] of [[360, 740], [1280, 800]]) {
  const ctx = await b.newContext({ viewport: { width: w, height: h } });
  const p = await ctx.newPage();
  for (const path of pages) {
    await p.goto(base + path, { waitUntil: 'networkidle' });
    await p.waitForTimeout(1300);
    const name = (path.replace(/[^a-z0-9]+/gi, '_') || 'root') + '_' + w;
    await p.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
    console.log(name, p.url(), await p.title());
  }
  await ctx.close();
}
await b.close();
