import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type Plugin, type PluginOption, type UserConfig } from 'vite';

export const alias = {
  '@': fileURLToPath(new URL('./src/client', import.meta.url)),
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
};

/**
 * wouter's `use-sync-external-store/shim` (the hook re-implemented for React < 18) becomes
 * React 19's own hook: ~0.7 KB less in the entry of every page.
 */
const shimAlias = [
  {
    find: /^use-sync-external-store\/shim(\/index\.js)?$/,
    replacement: fileURLToPath(new URL('./src/client/lib/use-sync-external-store-shim.ts', import.meta.url)),
  },
];

const outDir = fileURLToPath(new URL('./dist/client', import.meta.url));

/**
 * Writes .br and .gz beside every text asset once the build is done, so the server sends a
 * compressed file (@fastify/static preCompressed) without compressing on each request.
 */
function precompress(): Plugin {
  return {
    name: 'fieldwise-precompress',
    apply: 'build',
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
          e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
        );
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|json|txt)$/.test(file)) continue;
        const body = readFileSync(file);
        // Also the small chunks (an icon, a helper): a page loads a dozen of them, and brotli
        // still takes a third off each. Kept only when smaller than the file itself.
        const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
        const gz = gzipSync(body, { level: 9 });
        if (br.length < body.length) writeFileSync(`${file}.br`, br);
        if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/**
 * The service worker (src/client/service-worker.js) as /sw.js, given the build's scripts and styles
 * to keep, and its __BUILD_ID__ a hash of every file name of the build: a build that changes any asset is a new worker with new caches, one that
 * changes nothing keeps the old (decision 027).
 */
function serviceWorker(): Plugin {
  return {
    name: 'fieldwise-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const names = Object.keys(bundle).sort().join('\n');
      const id = createHash('sha256').update(names).digest('base64url').slice(0, 12);
      const source = readFileSync(fileURLToPath(new URL('./src/client/service-worker.js', import.meta.url)), 'utf8');
      const assets = Object.keys(bundle)
        .filter((name) => /^assets\/.+\.(js|css)$/.test(name))
        .map((name) => `/${name}`);
      const worker = source.replaceAll('__BUILD_ID__', id).replace('[/* __ASSETS__ */]', JSON.stringify(assets));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker });
    },
  };
}

/**
 * `ANALYZE=1 npm run build` also writes the bundle treemap (.tmp/bundle-treemap.html, sizes
 * gzip and brotli) and its raw data (.tmp/bundle-stats.json) to find what a chunk is made of.
 */
function analyse(): PluginOption[] {
  if (!process.env.ANALYZE) return [];
  const common = { gzipSize: true, brotliSize: true } as const;
  return [
    visualizer({ ...common, filename: '.tmp/bundle-treemap.html', template: 'treemap' }),
    visualizer({ ...common, filename: '.tmp/bundle-stats.json', template: 'raw-data' }),
  ];
}

const resolve = {
  alias: [...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })), ...shimAlias],
};

export default defineConfig(({ isSsrBuild }) => (isSsrBuild ? ssrBuild : clientBuild));

/**
 * The server's renderer of signed-in pages (`vite build --ssr entry-server.tsx`, run after the
 * client build by scripts/build-client.mjs): the same components for Node, with the packages
 * imported from node_modules, except wouter, which needs the shim alias above.
 */
const ssrBuild = {
  root: 'src/client',
  publicDir: false,
  plugins: [react()],
  resolve,
  ssr: { noExternal: ['wouter'] },
  build: {
    outDir: fileURLToPath(new URL('./dist/ssr', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[hash].js' },
      // On Node a chunk costs nothing to load: that a lazy import shares its module with static ones is fine.
      checks: { ineffectiveDynamicImport: false },
    },
  },
} satisfies UserConfig;

const clientBuild = {
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), serviceWorker(), precompress(), ...analyse()],
  resolve,
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the app supports has <link rel=modulepreload>; the polyfill (~0.4 KB) is not needed.
    modulePreload: { polyfill: false },
    // Chunks are named by their hash only: their names sat in every import line and in the entry's
    // list of each page's dependencies (~150 files), ~1 KB brotli on `/`. The treemap
    // (ANALYZE=1) still shows what each chunk holds. Seven characters, not eight (rolldown's
    // least for this many chunks): a hash is random to brotli, and ~50 of them sit in the chunk
    // every page loads, so each character is ~40 bytes on `/demo`.
    rolldownOptions: {
      output: {
        chunkFileNames: 'assets/[hash:7].js',
        // Shared chunks under 16 KB (source size) are copied into the chunks that read them, with
        // one module state kept by rolldown's runtime, instead of being files of their own: a
        // signed-in page loaded 68 files, most of them one icon or helper, and on a phone each
        // file costs a round trip (16 files now; decision 014).
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 16 * 1024, exclude: /\.css(\?|$)/ } },
      },
    },
    chunkSizeWarningLimit: 600,
    // Which files each module needs: the server starts a signed-in route's chunks with the HTML
    // (src/server/plugins/route-preloads.ts). The static files skip dot folders, so it is not served.
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
} satisfies UserConfig;
