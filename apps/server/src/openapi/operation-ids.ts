/**
 * Every operation of the document has an `operationId`, the method name a generated client gives
 * it. A route names its own in its schema (`operationId: 'listMonitors'`); one that does not gets
 * this name, derived from its method and path, so a new route is never nameless or a duplicate.
 */
export function derivedOperationId(method: string | string[], url: string): string {
  const verb = [method].flat()[0]?.toLowerCase() ?? 'call';
  const words = url
    .split('/')
    .filter((segment) => segment && !/^(api|v\d+)$/.test(segment))
    .flatMap((segment) => {
      const parameter = /^[:{](\w+)}?$/.exec(segment)?.[1];
      return parameter ? ['by', ...wordsOf(parameter)] : wordsOf(segment);
    });
  return verb + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

/** `impersonation_records` → impersonation, records; `incidentId` → incident, Id; `status.svg` → status, svg. */
function wordsOf(text: string): string[] {
  return text.split(/[^A-Za-z0-9]+|(?=[A-Z])/).filter(Boolean);
}

/** camelCase letters and digits, starting with a lower-case letter: a method name in every client generator. */
export const OPERATION_ID = /^[a-z][a-zA-Z0-9]*$/;
