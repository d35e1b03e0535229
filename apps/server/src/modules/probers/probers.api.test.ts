import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { useTestServer } from '../../../test/use-test-server';
import { UsageError } from '../../admin/admin.commands';
import { addProber, setProberDisabled } from '../../admin/prober.commands';
import { hashSecret } from '../accounts/secrets';
import { findProberByKeyHash } from './probers.repository';

const server = useTestServer();

const listProbers = async (headers: { authorization: string }) =>
  (await server.app.inject({ method: 'GET', url: '/api/v1/probers/', headers })).json();

describe('probers', () => {
  it('has the built-in Local prober from the first start', async () => {
    const user = await buildUser(server);
    const body = await listProbers(user.headers);
    expect(body.results).toEqual([
      expect.objectContaining({ name: 'Local', disabled: false, datacenter: { country_code: 'IR', name: 'Local' } }),
    ]);
  });

  it('adds a prober from the admin CLI with a key stored only as its hash, and disables it', async () => {
    const output = await addProber(server.context, 'Frankfurt-1', { country: 'de', datacenter: 'Hetzner FSN1' });
    const key = output.split('\n')[1] ?? '';
    expect(key.length).toBeGreaterThanOrEqual(43);
    const stored = await findProberByKeyHash(server.context.db, hashSecret(key));
    expect(stored).toMatchObject({
      name: 'Frankfurt-1',
      countryCode: 'DE',
      datacenter: 'Hetzner FSN1',
      disabled: false,
    });
    expect(JSON.stringify(stored)).not.toContain(key);

    await setProberDisabled(server.context, 'Frankfurt-1', true);
    const user = await buildUser(server);
    const listed = (await listProbers(user.headers)).results.find(
      (prober: { name: string }) => prober.name === 'Frankfurt-1',
    );
    expect(listed).toMatchObject({ disabled: true, is_active: false });
  });

  it('refuses a duplicate name, a bad country code and an unknown prober', async () => {
    await addProber(server.context, 'Tehran-1', { country: 'IR' });
    await expect(addProber(server.context, 'Tehran-1', { country: 'IR' })).rejects.toBeInstanceOf(UsageError);
    await expect(addProber(server.context, 'Nowhere', { country: 'Iran' })).rejects.toThrow('two-letter');
    await expect(setProberDisabled(server.context, 'No-such', true)).rejects.toBeInstanceOf(UsageError);
  });

  it('needs a key to list probers', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/probers/' })).statusCode).toBe(401);
  });
});
