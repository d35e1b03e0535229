import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server in development; `/config.json` comes from it too, so one build serves any deployment. */
const apiServer = 'http://localhost:3000';
const proxy = { '/api': apiServer, '/config.json': apiServer };

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@/': new URL('./src/', import.meta.url).pathname } },
  build: { outDir: 'dist', emptyOutDir: true },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
