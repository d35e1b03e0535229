import path from 'node:path';

/**
 * The server's folder (apps/server), from which its own files are found: assets, the OpenAPI
 * document, the migrations. Right from the source (src/) and from the bundle `npm start` runs
 * (dist/main.js, scripts/bundle.ts) alike, since both sit one level under it; a path written
 * relative to the file that reads it (`import.meta.dirname`) would point elsewhere once bundled.
 */
export const serverRoot = path.resolve(import.meta.dirname, '..');
