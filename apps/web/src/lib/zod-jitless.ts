// The server's Content-Security-Policy allows no eval (apps/server/src/http/security-headers.ts).
// zod probes `new Function` when its first object schema is built, at module load; the probe's
// failure is caught, but the browser still reports it as a violation on every page. zod reads its
// global configuration from here. The entry (main.tsx) imports this first and zod only comes with the
// app it imports after, so this runs before zod — without a script of its own blocking the page.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = Object.assign(zodGlobal.__zod_globalConfig ?? {}, { jitless: true });

// A module, not a script: its names stay its own.
export {};
