import path from 'node:path';
import type { Rolldown } from 'vite';

type ModuleInfoOf = (id: string) => Rolldown.ModuleInfo | null;

export interface FirstRouteModules {
  /** The page's entry: what it imports statically runs first and stays in its own small chunk. */
  entry: string;
  /** What the entry imports dynamically to start the app: needed on every page. */
  app: string;
  /** The modules of the route most visits open first (the signed-in frame and the dashboard). */
  firstRoute: string[];
}

/**
 * A rolldown `codeSplitting` group (vite.config.ts) that puts everything `app` imports statically
 * into one chunk, `app`, and everything the first route adds to it into another, `first-route`,
 * instead of the dozens of small chunks automatic splitting cuts for modules shared by different
 * sets of screens — each one more request before the dashboard can draw. What the entry imports
 * statically is left out, so the entry stays small; dynamic imports (other screens, echarts, the
 * billing popups) are not followed, so they stay lazy; other groups (React) take precedence by
 * their priority.
 */
export function firstRouteChunkGroup(root: string, modules: FirstRouteModules) {
  const resolve = (file: string) => path.resolve(root, file);
  let computed: { from: Rolldown.ModuleInfo | null; chunkOf: Map<string, string> } | null = null;
  const chunkOf = (moduleInfo: ModuleInfoOf) => {
    // The module graph is read once per chunking pass (rolldown reuses its objects within one).
    const from = moduleInfo(resolve(modules.entry));
    if (computed?.from !== from) computed = { from, chunkOf: assign(moduleInfo, modules, resolve) };
    return computed.chunkOf;
  };
  return {
    name: (id: string, context: { getModuleInfo: ModuleInfoOf }) =>
      chunkOf((moduleId) => context.getModuleInfo(moduleId)).get(id) ?? null,
  };
}

export interface SharedEntryModules {
  /** A second page's entry (status.html's), whose static imports must not pull in another group's chunk. */
  entry: string;
  /** Roots of the modules other groups claim (the app's start and first route). */
  others: string[];
  /** Roots whose modules are left to automatic splitting (the app's entry: it must not load this chunk). */
  except: string[];
}

/**
 * A `codeSplitting` group that names `chunk` every module both the second entry and the `others`
 * import statically: without it, `firstRouteChunkGroup` puts them (zod, contracts) in `app`, and the
 * second page would load the whole app for them. Give it a higher priority than that group.
 */
export function sharedWithEntryGroup(root: string, chunk: string, modules: SharedEntryModules) {
  const resolve = (file: string) => path.resolve(root, file);
  let computed: { from: Rolldown.ModuleInfo | null; shared: Set<string> } | null = null;
  const sharedOf = (moduleInfo: ModuleInfoOf) => {
    const from = moduleInfo(resolve(modules.entry));
    if (computed?.from !== from) {
      const own = staticClosure(moduleInfo, [resolve(modules.entry)], new Set());
      const except = staticClosure(moduleInfo, modules.except.map(resolve), new Set());
      const others = staticClosure(moduleInfo, modules.others.map(resolve), except);
      computed = { from, shared: new Set([...own].filter((id) => others.has(id))) };
    }
    return computed.shared;
  };
  return {
    name: (id: string, context: { getModuleInfo: ModuleInfoOf }) =>
      sharedOf((moduleId) => context.getModuleInfo(moduleId)).has(id) ? chunk : null,
  };
}

function assign(moduleInfo: ModuleInfoOf, modules: FirstRouteModules, resolve: (file: string) => string) {
  const boot = staticClosure(moduleInfo, [resolve(modules.entry)], new Set());
  const app = staticClosure(moduleInfo, [resolve(modules.app)], boot);
  const firstRoute = staticClosure(moduleInfo, modules.firstRoute.map(resolve), new Set([...boot, ...app]));
  const chunkOf = new Map<string, string>();
  for (const id of app) chunkOf.set(id, 'app');
  for (const id of firstRoute) chunkOf.set(id, 'first-route');
  return chunkOf;
}

/** The modules reachable from `roots` through static imports, not entering `outside`. */
function staticClosure(moduleInfo: ModuleInfoOf, roots: string[], outside: Set<string>): Set<string> {
  const found = new Set<string>();
  const queue = [...roots];
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    if (found.has(id) || outside.has(id)) continue;
    const info = moduleInfo(id);
    if (!info) throw new Error(`${id} is not in the module graph`);
    found.add(id);
    queue.push(...info.importedIds);
  }
  return found;
}
