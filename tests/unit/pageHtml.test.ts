import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paintFirst } from '../../server/paintFirst.ts';
import { withMarkup } from '../../server/pageRender.ts';

describe('a server-rendered page’s HTML', () => {
  it('carries its style sheets inline, which cannot close the style element early, and no preloads', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'rith-styles-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'assets', 'index-1a.css'), 'a{content:"</style>"}');
    fs.writeFileSync(path.join(dist, 'assets', 'boot-2b.css'), 'body{margin:0}');
    const html =
      '<head><link rel="stylesheet" crossorigin href="/assets/boot-2b.css">' +
      '<link rel="stylesheet" crossorigin href="/assets/index-1a.css"></head>' +
      '<body><script type="module" src="/assets/index-3c.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/boot-4d.js"></body>';
    const inlined = await paintFirst(dist)(html);
    expect(inlined).toBe(
      '<head><style>body{margin:0}</style><style>a{content:"<\\/style>"}</style></head>' +
        '<body><script type="module" src="/assets/index-3c.js"></script></body>',
    );
    // A sheet that is not there fails the page's inlining; the server then keeps the links.
    await expect(
      paintFirst(dist)('<link rel="stylesheet" href="/assets/gone-3c.css">'),
    ).rejects.toThrow();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('names the address its markup was rendered for, escaped', () => {
    const html = withMarkup('<body><div id="root"></div></body>', '<p>$&</p>', '/?comp="a"&b');
    expect(html).toBe(
      '<body><div id="root" data-rendered="/?comp=&#34;a&#34;&#38;b"><p>$&</p></div></body>',
    );
  });
});
