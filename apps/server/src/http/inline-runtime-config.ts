import type { RuntimeConfig } from '@paydar/contracts/runtime-config';
import { RUNTIME_CONFIG_ELEMENT_ID } from '@paydar/contracts/runtime-config-element';

/**
 * JSON that is safe inside an HTML `<script>` element: every `<`, `>` and `&` written as a JSON
 * escape, so no value can close the element (`</script>`), open a comment (`<!--`) or an entity;
 * U+2028 and U+2029 too, which older JavaScript parsers took for line ends. JSON.parse reads the
 * escapes back as the same characters.
 */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * The built index.html with the runtime configuration in it, as a JSON data block before `</head>`
 * (at the end of a page without one: the app's module scripts run once the whole page is parsed):
 * the browser has it with the page instead of asking `/config.json` after its scripts ran. A data
 * block (`type="application/json"`) is never executed, so the Content-Security-Policy, which allows
 * no inline script, has nothing to allow.
 */
export function withInlineRuntimeConfig(indexHtml: string, config: RuntimeConfig): string {
  const element = `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${jsonForScriptElement(config)}</script>`;
  const headEnd = indexHtml.search(/<\/head\s*>/i);
  if (headEnd < 0) return `${indexHtml}${element}`;
  return `${indexHtml.slice(0, headEnd)}${element}\n${indexHtml.slice(headEnd)}`;
}
