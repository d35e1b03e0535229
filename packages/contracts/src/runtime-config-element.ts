/**
 * The id of the `<script type="application/json">` element in which the server hands the runtime
 * configuration to the page (apps/server http/inline-runtime-config.ts). Apart from the zod schema
 * (runtime-config.ts), so the web app's first, tiny module can read it without loading zod.
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'paydar-runtime-config';
