// The server's Content-Security-Policy allows no eval (apps/server/src/http/security-headers.ts).
// zod probes `new Function` when its first object schema is built, at module load; the probe's
// failure is caught, but the browser still reports it as a violation on every page. zod reads its
// global configuration from here, so this classic script runs before any of the app's modules.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
