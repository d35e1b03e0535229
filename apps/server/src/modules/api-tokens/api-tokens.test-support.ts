import type { ApiTokenScope } from '@paydar/contracts/api-tokens';
import type { BuiltUser } from '../../../test/factories';
import type { TestServer } from '../../../test/harness';
import { API_TOKENS_PATH } from './api-tokens.routes';

/** What the API token tests share: making a token through the API and calling with one. */

export async function createToken(
  server: TestServer,
  user: BuiltUser,
  body: { name?: string; scope?: ApiTokenScope; expires_at?: string | null } = {},
): Promise<{ id: number; token: string }> {
  const response = await server.app.inject({
    method: 'POST',
    url: API_TOKENS_PATH,
    headers: user.headers,
    payload: { name: 'script', scope: 'read_write', ...body },
  });
  if (response.statusCode !== 201) throw new Error(`token not created: ${response.statusCode} ${response.body}`);
  return response.json();
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A call signed with an API token, with a JSON body when one is given. */
export const callWithToken = (
  server: TestServer,
  token: string,
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  server.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
