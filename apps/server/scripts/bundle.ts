import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

/**
 * Bundles the server into one file, `dist/main.js`, for `npm start`: Node then loads one module
 * instead of hundreds compiled on the fly by tsx, whose loader thread and per-module state cost
 * the running server tens of MiB (issue 35: memory). Our own packages (`@paydar/*`, TypeScript)
 * are bundled in; npm packages stay in node_modules and are imported as they are, so their native
 * parts, optional binaries and files of their own keep working. Names are kept, so stack traces
 * and logs name functions and classes as the source does.
 */

const serverDirectory = path.resolve(import.meta.dirname, '..');
export const bundledServer = path.join(serverDirectory, 'dist', 'main.js');

/** Leaves every bare import but our workspace packages to Node (node_modules and built-ins). */
const npmPackagesStayExternal: Plugin = {
  name: 'npm-packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@paydar/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Writes `dist/main.js` and returns its path. Written beside and renamed into place, so a server
 * starting while another process bundles never reads half a file.
 */
export async function bundleServer(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(serverDirectory, 'src', 'main.ts')],
    outfile: bundledServer,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    keepNames: true,
    plugins: [npmPackagesStayExternal],
    write: false,
    logLevel: 'warning',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote no bundle');
  await mkdir(path.dirname(bundledServer), { recursive: true });
  const partial = `${bundledServer}.${process.pid}.partial`;
  await writeFile(partial, output.contents);
  await rename(partial, bundledServer);
  return bundledServer;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await bundleServer();
}
