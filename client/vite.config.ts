import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { build as esbuild } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The service worker (client/sw/sw.ts, checked against the WebWorker library by its own
 * tsconfig) bundled by esbuild into one classic script at /sw.js, where the pages register it
 * (client/lib/offline.ts): minified into the build, beside index.html and not content-hashed
 * (its address is its identity; server/static.ts has browsers check it on every visit), so
 * compressed with the rest; compiled on each request by the dev server.
 */
function serviceWorker(): Plugin {
  const entry = path.join(root, 'sw/sw.ts');
  let target: string | string[] = 'es2022';
  let building = false;
  const compile = async (minify: boolean) => {
    const result = await esbuild({
      entryPoints: [entry],
      tsconfig: path.join(root, 'sw/tsconfig.json'),
      bundle: true,
      format: 'iife',
      platform: 'browser',
      target,
      minify,
      legalComments: 'none',
      sourcemap: minify ? false : 'inline',
      metafile: true,
      write: false,
      logLevel: 'silent',
    });
    const [output] = result.outputFiles;
    if (!output) throw new Error('esbuild wrote no service worker');
    const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(input));
    return { code: output.text, inputs };
  };
  return {
    name: 'rith:service-worker',
    configResolved(config) {
      building = config.command === 'build';
      // The browsers the rest of the build is for.
      if (config.build.target) target = config.build.target;
    },
    async buildStart() {
      if (!building) return;
      const { code, inputs } = await compile(true);
      for (const input of inputs) this.addWatchFile(input);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
    configureServer(server) {
      server.middlewares.use('/sw.js', (_request, response, next) => {
        compile(false).then(({ code }) => {
          response.setHeader('content-type', 'text/javascript; charset=utf-8');
          response.setHeader('cache-control', 'no-cache');
          response.end(code);
        }, next);
      });
    },
  };
}

/**
 * Two builds from one config: the browser's (client/dist) and, with `build.ssr` naming it, the renderer the
 * server runs for a page's first screen (client/dist-ssr/render.js, client/ssr/render.tsx).
 * The latter is run by Node from the server's own node_modules, so it keeps its packages
 * outside the bundle, and needs neither the service worker nor compressed copies.
 */
export default defineConfig(({ isSsrBuild }) => ({
  root,
  plugins: isSsrBuild ? [react()] : browserPlugins(),
  publicDir: isSsrBuild ? false : 'public',
  build: isSsrBuild
    ? { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        sourcemap: false,
        // The site, and pages that are entries of their own (the stadium board, the widget,
        // the officials' field card): each loads only its own code (server/static.ts serves
        // each its HTML).
        rollupOptions: {
          input: {
            index: path.join(root, 'index.html'),
            board: path.join(root, 'board.html'),
            embed: path.join(root, 'embed.html'),
            field: path.join(root, 'field.html'),
          },
        },
      },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/files': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
}));

/** The dev server answers /board/…, /embed/… and /field with their entry's HTML, as the server does. */
function standaloneEntries(): Plugin {
  return {
    name: 'rith:standalone-entries',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const view = /^\/(board|embed)\/|^\/(field)(?:[?#]|$)/.exec(request.url ?? '');
        const name = view?.[1] ?? view?.[2];
        if (name) request.url = `/${name}.html`;
        next();
      });
    },
  };
}

/**
 * The entry's script and the chunks it preloads go at the end of the body, not in the head:
 * on a phone's slow link a server-rendered page (server/pageRender.ts) takes its markup
 * whole, with the bandwidth to itself, and paints, before the scripts start to download. The
 * scripts are modules, run once the document is parsed wherever they stand.
 */
function scriptsLast(): Plugin {
  const scripts = /\s*<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g;
  return {
    name: 'rith:scripts-last',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const tags = html.match(scripts)?.map((tag) => tag.trim()) ?? [];
        return html
          .replace(scripts, '')
          .replace('</body>', () => `  ${tags.join('\n    ')}\n  </body>`);
      },
    },
  };
}

function browserPlugins() {
  return [
    react(),
    serviceWorker(),
    standaloneEntries(),
    scriptsLast(),
    // Every asset is written once more as .br and .gz at the highest levels, at build time:
    // the server sends whichever the browser accepts (@fastify/static preCompressed) without
    // compressing anything per request. A phone on one bar of signal gets a third of the bytes.
    compression({
      include: /\.(js|css|svg|json|html)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ];
}
