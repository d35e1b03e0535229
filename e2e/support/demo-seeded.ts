/** The demo's monitors (apps/server modules/demo, demo.catalogue.ts): six probed ones and a heartbeat. */
export const DEMO_MONITOR_COUNT = 7;

/**
 * Waits until the demo account shows its monitors: the server answers before its demo history
 * is written (in the background, seconds on a first start), and the specs that tour it need it whole.
 */
export async function waitForDemoHistory(baseUrl: string, timeoutMs = 360_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const login = await fetch(`${baseUrl}/api/v1/users/login_as_demo`);
  if (!login.ok) throw new Error(`the guest login answered ${login.status}`);
  const { key } = (await login.json()) as { key: string };
  for (;;) {
    const response = await fetch(`${baseUrl}/api/v1/monitors/`, { headers: { authorization: `Token ${key}` } });
    const body = (await response.json()) as { count?: number };
    if (body.count === DEMO_MONITOR_COUNT) return;
    if (Date.now() > deadline) throw new Error(`the demo account has ${body.count} monitors after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
