import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { missingFiles404 } from './scripts/vite/missing-files-404.ts';

export default defineConfig({
  // Missing demo files answer 404, not index.html (dataset readers probe for optional metadata).
  plugins: [react(), missingFiles404(['/demo/'])],
  publicDir: 'public',
  worker: { format: 'es' },
  // ZARRVIEW_DIST: another build folder (two builds of one checkout side by side; `vite preview` serves the same).
  build: { outDir: process.env.ZARRVIEW_DIST ?? 'dist', sourcemap: true, chunkSizeWarningLimit: 5000 },
  server: { port: 5173, host: '127.0.0.1' },
  preview: { port: 4173, host: '127.0.0.1' },
});
