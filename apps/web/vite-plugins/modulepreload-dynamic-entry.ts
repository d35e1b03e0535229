import path from 'node:path';
import type { HtmlTagDescriptor, Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * `<link rel="modulepreload">` in the built index.html for a module the entry imports dynamically,
 * and every chunk it imports statically. The entry (main.tsx) stays a few KB so it runs at once and
 * fires the first calls (lib/early-requests.ts), then imports the app (`module`); Vite would only
 * ask for the app's chunks once the entry ran. With these links the browser asks for them with the
 * page, in parallel with the entry. Only in `page`: another HTML entry (status.html) starts no app.
 */
export function modulepreloadDynamicEntry(module: string, page = '/index.html'): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'paydar:modulepreload-dynamic-entry',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const { bundle, chunk: entry } = context;
        // Other pages (status.html) start no app.
        if (!bundle || !entry || context.path !== page) return [];
        const target = path.resolve(root, module);
        const chunk = Object.values(bundle).find(
          (output): output is OutputChunk => output.type === 'chunk' && output.moduleIds.includes(target),
        );
        if (!chunk || !entry.dynamicImports.includes(chunk.fileName)) {
          throw new Error(`${module} is not imported dynamically by the entry: nothing to preload`);
        }
        // Vite already preloads the entry's own static imports.
        const preloaded = new Set([entry.fileName, ...entry.imports]);
        return staticClosure(bundle, chunk.fileName)
          .filter((file) => !preloaded.has(file))
          .map(
            (file): HtmlTagDescriptor => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
              injectTo: 'head',
            }),
          );
      },
    },
  };
}

/** A chunk and every chunk it imports statically, transitively; the chunk first. */
function staticClosure(bundle: OutputBundle, fileName: string): string[] {
  const found: string[] = [];
  const visit = (file: string) => {
    const output = bundle[file];
    if (found.includes(file) || output?.type !== 'chunk') return;
    found.push(file);
    for (const imported of output.imports) visit(imported);
  };
  visit(fileName);
  return found;
}
