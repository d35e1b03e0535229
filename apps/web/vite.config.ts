import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The API server in development; `/config.json` comes from it too, so one build serves any deployment. */
const apiServer = 'http://localhost:3000';
const proxy = { '/api': apiServer, '/config.json': apiServer };

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@/': new URL('./src/', import.meta.url).pathname } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the router change rarely: their own chunk stays cached across releases.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
