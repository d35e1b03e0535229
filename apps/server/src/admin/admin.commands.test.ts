import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildUser, postJson, uniqueEmail } from '../../test/factories';
import { useTestServer } from '../../test/use-test-server';
import { createStaff, impersonationLink, listUsersTable, setPassword, UsageError } from './admin.commands';
import { listImpersonationsTable } from './impersonation.commands';

const server = useTestServer();

describe('admin commands', () => {
  it('creates a verified staff user who can log in and issue impersonation tokens', async () => {
    const email = uniqueEmail('staff');
    const output = await createStaff(server.context, email, 'staff password 1');
    expect(output).toBe(`Created staff user ${email}.`);
    const login = await postJson(server.app, '/api/v1/users/login', { email, password: 'staff password 1' });
    expect(login.statusCode).toBe(200);
    const profile = await server.app.inject({
      method: 'GET',
      url: '/api/v1/users/profile',
      headers: { authorization: `Token ${login.json().key}` },
    });
    expect(profile.json()).toMatchObject({ is_staff: true, is_verified: true });
  });

  it('prints a generated password when none is given, and promotes an existing user', async () => {
    const email = uniqueEmail('generated');
    const output = await createStaff(server.context, email);
    const password = output.split('password: ')[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect((await postJson(server.app, '/api/v1/users/login', { email, password })).statusCode).toBe(200);

    const user = await buildUser(server);
    expect(await createStaff(server.context, user.email)).toBe(`${user.email} is now staff.`);
  });

  it('sets a password and signs out the old sessions', async () => {
    const user = await buildUser(server);
    await setPassword(server.context, user.email, 'a fresh password');
    expect(
      (await server.app.inject({ method: 'GET', url: '/api/v1/users/profile', headers: user.headers })).statusCode,
    ).toBe(401);
    expect(
      (await postJson(server.app, '/api/v1/users/login', { email: user.email, password: 'a fresh password' }))
        .statusCode,
    ).toBe(200);
    await expect(setPassword(server.context, user.email, 'short')).rejects.toThrow('at least 8 characters');
  });

  it('issues an impersonation link only for a staff issuer', async () => {
    const staff = await buildUser(server, { staff: true });
    const target = await buildUser(server);
    const output = await impersonationLink(server.context, target.email, staff.email);
    const url = new URL(output.split('\n')[0] ?? '');
    expect(url.pathname).toBe('/impersonate');
    const used = await postJson(server.app, '/api/v1/users/impersonate', { token: url.searchParams.get('token') });
    const profile = await server.app.inject({
      method: 'GET',
      url: '/api/v1/users/profile',
      headers: { authorization: `Token ${used.json().key}` },
    });
    expect(profile.json().email).toBe(target.email);

    const notStaff = await buildUser(server);
    await expect(impersonationLink(server.context, target.email, notStaff.email)).rejects.toBeInstanceOf(UsageError);
  });

  it('refuses to impersonate a staff user, saying why', async () => {
    const staff = await buildUser(server, { staff: true });
    const otherStaff = await buildUser(server, { staff: true });
    const refused = impersonationLink(server.context, otherStaff.email, staff.email);
    await expect(refused).rejects.toBeInstanceOf(UsageError);
    await expect(refused).rejects.toThrow('Staff users cannot be impersonated.');
  });

  it('lists the record of impersonations, by staff and by customer (issue 37)', async () => {
    const staffEmail = uniqueEmail('record-staff');
    await createStaff(server.context, staffEmail, 'a long staff password');
    const customer = await buildUser(server);
    const link = await impersonationLink(server.context, customer.email, staffEmail);
    const token = new URL(link.split('\n')[0] ?? '').searchParams.get('token');
    await postJson(server.app, '/api/v1/users/impersonate', { token });
    await impersonationLink(server.context, customer.email, staffEmail);

    const table = await listImpersonationsTable(server.context, { customer: customer.email });
    const lines = table.split('\n');
    expect(lines[0]).toMatch(/^\s+id\s+issued \(UTC\)\s+staff\s+customer\s+used \(UTC\)\s+from$/);
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(staffEmail);
    expect(lines[1]).toMatch(/unused$/);
    expect(lines[2]).toContain(customer.email);
    expect(lines[2]).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\s+\S+$/);
    expect(lines[3]).toBe('1–2 of 2');
    const paged = await listImpersonationsTable(server.context, { staff: staffEmail, limit: '1' });
    expect(paged.split('\n').at(-1)).toBe('1–1 of 2 (more: --offset 1)');
    await expect(listImpersonationsTable(server.context, { staff: 'nope' })).rejects.toThrow(
      new UsageError('--staff: Enter a valid email address.'),
    );
  });

  it('lists users with their state', async () => {
    const user = await buildUser(server, { verified: false });
    const table = await listUsersTable(server.context);
    expect(table).toMatch(new RegExp(`${user.email.replace(/[.]/g, '\\.')}\\s+unverified`));
    expect(table).toMatch(/demo@paydar\.local\s+verified\s+demo/);
  });
});

describe('admin CLI process', () => {
  it('runs a command against DATABASE_URL and exits 0; an unknown command exits 2 with the usage', async () => {
    const run = promisify(execFile);
    const cli = path.resolve(import.meta.dirname, 'cli.ts');
    const tsx = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/tsx');
    const env = {
      ...process.env,
      DATABASE_URL: server.config.DATABASE_URL,
      LOG_LEVEL: 'silent',
      JOBS_ENABLED: 'false',
    };
    const listed = await run(tsx, [cli, 'list-users'], { env });
    expect(listed.stdout).toContain('demo@paydar.local');
    const record = await run(tsx, [cli, 'list-impersonations', '--limit', '5'], { env });
    expect(record.stdout).toMatch(/^\s+id\s+issued \(UTC\)/);
    const unknown = await run(tsx, [cli, 'frobnicate'], { env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(unknown).toMatchObject({ code: 2 });
    expect((unknown as { stderr: string }).stderr).toContain('unknown command');
  });
});
