import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { defineConfig, type Plugin, type PluginOption } from 'vite';

export const alias = {
  '@': fileURLToPath(new URL('./src/client', import.meta.url)),
  '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
};

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
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
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

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), precompress(), ...analyse()],
  resolve: { alias },
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
