// Builds the benchmark page (bench/index.html) into bench/tmp/dist.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('./tmp/dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 5000,
  },
});
