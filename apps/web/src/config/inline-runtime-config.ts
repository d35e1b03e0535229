import { RUNTIME_CONFIG_ELEMENT_ID } from '@paydar/contracts/runtime-config-element';

/**
 * The runtime configuration the server wrote into index.html (a JSON data block), unvalidated; null
 * when the page has none (Vite's dev server, an old server) or it is not JSON. Free of zod, so the
 * page's first module can read the API base from it before anything else loads.
 */
export function readInlineRuntimeConfig(doc: Document = document): unknown {
  const text = doc.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
