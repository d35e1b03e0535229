/** Where visitors read a page: `{dashboard}/status/{slug}`. */
export function statusPageAddress(dashboardUrl: string, slug: string): string {
  return `${dashboardUrl.replace(/\/+$/, '')}/status/${slug}`;
}

/** The host a custom domain's CNAME record points at: the API's host name. */
export function cnameTarget(apiBaseUrl: string): string {
  try {
    return new URL(apiBaseUrl).hostname;
  } catch {
    return apiBaseUrl;
  }
}
