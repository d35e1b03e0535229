import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { useTestServer } from '../../test/use-test-server';
import { postLedgerEntry } from '../modules/ledger/ledger.repository';
import { seedDatabase } from '../seed';
import { UsageError } from './admin.commands';
import { createPlan, editPlan, setUserPlan } from './plan.commands';

const server = useTestServer();

const subscriptionOf = async (user: { headers: Record<string, string> }) =>
  (await server.app.inject({ method: 'GET', url: '/api/v1/users/subscriptions', headers: user.headers })).json();

describe('set-plan', () => {
  it('moves a user to a plan for some months, ending the old subscription', async () => {
    const user = await buildUser(server);
    const output = await setUserPlan(server.context, user.email, 'Gold', '3');
    expect(output).toMatch(new RegExp(`^${user.email.replace(/[.]/g, '\\.')} is on Gold until \\d{4}-`));
    const subscriptions = await subscriptionOf(user);
    const active = (Array.isArray(subscriptions) ? subscriptions : subscriptions.results).filter(
      (subscription: { is_active: boolean }) => subscription.is_active,
    );
    expect(active).toHaveLength(1);
    expect(active[0].subscription_plan.name).toBe('Gold');
  });

  it('refuses an unknown plan, a bad month count and an unknown user, naming what is wrong', async () => {
    const user = await buildUser(server);
    await expect(setUserPlan(server.context, user.email, 'Platinum', undefined)).rejects.toThrow(
      /no plan Platinum; plans: Free, Silver/,
    );
    await expect(setUserPlan(server.context, user.email, 'Gold', '0')).rejects.toBeInstanceOf(UsageError);
    await expect(setUserPlan(server.context, 'nobody-here@example.test', 'Gold', '1')).rejects.toThrow('no user');
  });
});

describe('create-plan and edit-plan', () => {
  const platinumFlags = {
    level: '5',
    cost: '1500000',
    notifications: '50000',
    'voice-call': 'yes',
    protocols: 'http,icmp,tcp',
    methods: 'GET,POST',
    'min-period': '10',
    'max-monitors': '300',
    probers: '12',
    groups: 'yes',
    'history-days': '180',
  };
  const listedPlans = async (user: { headers: Record<string, string> }) =>
    (await server.app.inject({ method: 'GET', url: '/api/v2/users/subscription_plans', headers: user.headers })).json()
      .results as Array<{ name: string; default_cost: number; is_active: boolean }>;

  it('creates a plan from flags that users see and can buy', async () => {
    const output = await createPlan(server.context, 'Platinum', platinumFlags);
    expect(output).toMatch(/^Created plan Platinum \(level 5, 1,500,000 Tomans a month\):\n\{/);
    const user = await buildUser(server);
    const platinum = (await listedPlans(user)).find((row) => row.name === 'Platinum');
    expect(platinum).toEqual({
      id: expect.any(Number),
      name: 'Platinum',
      level: 5,
      default_cost: 1_500_000,
      description: {
        quantity: { Notification: 50_000 },
        quality: { Protocol: ['HTTP', 'ICMP', 'TCP'], VoiceCall: true },
      },
      specifications: {
        MINIMUM_MONITOR_PERIOD: 10,
        MAXIMUM_MONITOR_COUNT: 300,
        PROBERS: 12,
        PROTOCOL: { HTTP: { AVAILABLE_METHODS: ['GET', 'POST'] }, ICMP: {}, TCP: {} },
        MONITOR_GROUP: true,
        METRIC_HISTORY_DAYS: 180,
      },
      image_url: '',
      is_active: true,
    });
  });

  it('refuses an incomplete or wrong plan, naming each flag, and a name that is taken', async () => {
    const missing = createPlan(server.context, 'Partial', { level: '2', cost: '-1', protocols: 'HTTP' });
    await expect(missing).rejects.toBeInstanceOf(UsageError);
    const message = await missing.catch((error: Error) => error.message);
    expect(message).toBe(
      [
        'invalid plan:',
        '  --cost: Too small: expected number to be >=0',
        '  --notifications: required',
        '  --min-period: required',
        '  --max-monitors: required',
        '  --probers: required',
        '  --history-days: required',
      ].join('\n'),
    );
    await expect(createPlan(server.context, 'Odd', { ...platinumFlags, cost: '12.5' })).rejects.toThrow(
      '--cost must be a whole number, not 12.5',
    );
    await expect(createPlan(server.context, 'Odd', { ...platinumFlags, protocols: 'HTTP,SMTP' })).rejects.toThrow(
      '--protocols: unknown SMTP',
    );
    await expect(createPlan(server.context, 'Odd', { ...platinumFlags, protocols: 'ICMP' })).rejects.toThrow(
      '--methods needs HTTP among the protocols',
    );
    await expect(createPlan(server.context, 'Odd', { ...platinumFlags, 'voice-call': 'maybe' })).rejects.toThrow(
      '--voice-call must be yes or no',
    );
    await expect(createPlan(server.context, 'Silver', platinumFlags)).rejects.toThrow(
      'a plan named Silver exists already',
    );
  });

  it('creates a plan from a JSON file in the API shape, checking it the same way', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'paydar-plan-'));
    const good = {
      name: 'Bronze',
      level: 1,
      default_cost: 49_000,
      description: { quantity: { Notification: 500 }, quality: { Protocol: ['HTTP'], VoiceCall: false } },
      specifications: {
        MINIMUM_MONITOR_PERIOD: 120,
        MAXIMUM_MONITOR_COUNT: 10,
        PROBERS: 3,
        PROTOCOL: { HTTP: { AVAILABLE_METHODS: ['GET'] } },
        MONITOR_GROUP: false,
        METRIC_HISTORY_DAYS: 14,
      },
    };
    await writeFile(path.join(directory, 'bronze.json'), JSON.stringify(good));
    expect(await createPlan(server.context, undefined, { file: path.join(directory, 'bronze.json') })).toContain(
      'Created plan Bronze (level 1, 49,000 Tomans a month)',
    );
    const mismatched = {
      ...good,
      name: 'Tin',
      description: { ...good.description, quality: { Protocol: ['DNS'], VoiceCall: false } },
    };
    await writeFile(path.join(directory, 'tin.json'), JSON.stringify(mismatched));
    await expect(createPlan(server.context, undefined, { file: path.join(directory, 'tin.json') })).rejects.toThrow(
      'description.quality.Protocol: must list the protocols of specifications.PROTOCOL (HTTP)',
    );
    await writeFile(path.join(directory, 'broken.json'), '{"name": ');
    await expect(createPlan(server.context, undefined, { file: path.join(directory, 'broken.json') })).rejects.toThrow(
      'is not valid JSON',
    );
    await expect(
      createPlan(server.context, undefined, { file: path.join(directory, 'bronze.json'), level: '3' }),
    ).rejects.toThrow('give --file or plan flags, not both');
  });

  it('changes a price for the next purchase, and a restart does not put the old one back', async () => {
    const output = await editPlan(server.context, 'Silver', { cost: '99000' });
    expect(output).toMatch(/^Changed plan Silver \(level 1, 99,000 Tomans a month\)/);
    await seedDatabase(server.context);
    const user = await buildUser(server);
    expect((await listedPlans(user)).find((row) => row.name === 'Silver')?.default_cost).toBe(99_000);
    await server.context.runInTransaction(({ db }) =>
      postLedgerEntry(
        db,
        {
          userId: user.id,
          amount: 99_000,
          source: 'admin_adjustment',
          description: 't',
          idempotencyKey: `e-${user.id}`,
        },
        server.context.now(),
      ),
    );
    const bought = await server.app.inject({
      method: 'POST',
      url: '/api/v2/users/subscriptions/buy',
      headers: user.headers,
      payload: { plan_name: 'Silver', period: 'Monthly' },
    });
    expect(bought.statusCode).toBe(200);
    expect(bought.json().subscription_plan.default_cost).toBe(99_000);
  });

  it('edits protocols keeping the HTTP methods, takes a plan off sale, and keeps Free free and names fixed', async () => {
    await editPlan(server.context, 'Platinum', { protocols: 'HTTP,DNS' });
    const platinum = await editPlan(server.context, 'Platinum', { inactive: true });
    expect(platinum).toContain('not on sale');
    const shown = JSON.parse(platinum.slice(platinum.indexOf('\n') + 1));
    expect(shown.specifications.PROTOCOL).toEqual({ HTTP: { AVAILABLE_METHODS: ['GET', 'POST'] }, DNS: {} });
    expect(shown.description.quality.Protocol).toEqual(['HTTP', 'DNS']);
    const user = await buildUser(server);
    expect((await listedPlans(user)).map((row) => row.name)).not.toContain('Platinum');

    await expect(editPlan(server.context, 'Free', { cost: '1000' })).rejects.toThrow('the Free plan costs nothing');
    await expect(editPlan(server.context, 'Gold', {})).rejects.toThrow('nothing to change');
    await expect(editPlan(server.context, 'Gold', { 'min-period': '0' })).rejects.toThrow('--min-period: at least 1');
    await expect(editPlan(server.context, 'Mithril', { cost: '1' })).rejects.toThrow(/^no plan Mithril; plans: Free, /);
    const directory = await mkdtemp(path.join(os.tmpdir(), 'paydar-plan-'));
    await writeFile(path.join(directory, 'rename.json'), JSON.stringify({ name: 'Golden' }));
    await expect(editPlan(server.context, 'Gold', { file: path.join(directory, 'rename.json') })).rejects.toThrow(
      'a plan keeps its name',
    );
  });
});
