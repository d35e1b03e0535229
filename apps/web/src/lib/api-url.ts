/** The URL of an API path under the configured API base (which may end in slashes). */
export function apiUrl(apiBaseUrl: string, path: string): string {
  return `${apiBaseUrl.replace(/\/+$/, '')}${path}`;
}
