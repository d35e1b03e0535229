import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/** The API server in development; `/config.json` comes from it too, so one build serves any deployment. */
const apiServer = 'http://localhost:3000';
const proxy = { '/api': apiServer, '/config.json': apiServer };

export default defineConfig({
  plugins: [
    react(),
    // A .br and a .gz beside every asset worth it, compressed once at build with the strongest
    // settings; the server hands them out as the browser accepts (@fastify/static's preCompressed).
    compression({ algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })] }),
  ],
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
