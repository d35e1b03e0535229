import { randomBytes } from 'node:crypto';
import { channelTypeOfKey, normalizeChannelValue } from '@paydar/contracts/alert-channels';
import { type AlertRules, DEFAULT_ALERT_RULES } from '@paydar/contracts/alert-rules';
import type { Monitor, MonitorInput } from '@paydar/contracts/monitors';
import { DEFAULT_APDEX_SECONDS, DEFAULT_HEARTBEAT_GRACE_SECONDS } from '@paydar/contracts/monitors-options';
import { normaliseMonitorInput } from '@paydar/domain/monitor-input';
import { checkPlanLimits } from '@paydar/domain/plan-limits';
import type { Caller, ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import type { AlertChannelRef } from '../../db/schema/monitors';
import { refuseDemo } from '../../demo-guard';
import { AppError, invalidField, notFound } from '../../errors';
import { findUserById, findUserByIdForUpdate, updateUser } from '../accounts/users.repository';
import { withLoginEmailVerified } from '../alert-channels/profile-channels';
import { moveHeartbeatDeadline } from '../heartbeats/heartbeat-edit';
import { announceDeadline } from '../heartbeats/lateness-wakeups';
import { newPingToken, pingUrl } from '../heartbeats/ping-token';
import { findActiveSubscription, lockUserForLimits } from '../plans/plans.repository';
import { bumpAssignmentVersions, listProbers } from '../probers/probers.repository';
import { presentMonitor } from './monitor.presenter';
import { storedAssertionFields } from './monitor-assertions';
import { recordEnabledChange } from './monitor-pauses.repository';
import { assertMonitorShape, assertTargetAllowed, targetField } from './monitor-validation';
import {
  countUserMonitors,
  deleteMonitor,
  findUserMonitor,
  insertMonitor,
  type MonitorWithRelations,
  type NewMonitor,
  updateMonitor,
} from './monitors.repository';

export const PROTECTED_DELETE_TEXT = "You can't delete protected monitors.";
export const PROTECTED_TOGGLE_TEXT = "You can't change protected monitor status";
export const MONITOR_NOT_FOUND = 'Monitor not found.';

/** 27 random bytes: 36 URL-safe characters, the whole of which identifies a shared monitor. */
export const newShareToken = () => randomBytes(27).toString('base64url');

/** The probers named; none for a HEARTBEAT monitor, which no prober runs (so no agent is sent it). */
const proberIdsOf = (input: MonitorInput) =>
  input.protocol_type === 'HEARTBEAT'
    ? []
    : [...new Set(input.probers.map((prober) => (typeof prober === 'number' ? prober : prober.id)))];

/** Only verified, non-demo users change monitors (the shared demo account stays as seeded). */
function assertMayChange(caller: Caller): void {
  refuseDemo(caller);
  if (!caller.isVerified) throw new AppError('FORBIDDEN', 'Verify your email address first.');
}

/** What presenting a monitor needs from the context: the time (certificate days left) and the public URL (ping URLs). */
const presentedAt = (context: ServiceContext) => ({ now: context.now(), publicUrl: context.config.PUBLIC_URL });

async function loadOwn(db: Database, caller: Caller, id: number) {
  const found = await findUserMonitor(db, caller.userId, id);
  if (!found) throw notFound(MONITOR_NOT_FOUND);
  return found;
}

/**
 * Plan limits (spec §5) with the spec's texts; the monitor count is checked on create only. Runs
 * under lockUserForLimits in the transaction that writes the monitor, so what it counts stays true.
 */
async function assertWithinPlan(db: Database, caller: Caller, input: MonitorInput, mode: 'create' | 'edit') {
  const subscription = await findActiveSubscription(db, caller.userId);
  if (!subscription) throw new AppError('PLAN_LIMIT', 'You have no active plan.');
  const enabled = (await listProbers(db)).filter((prober) => !prober.disabled).map((prober) => prober.id);
  const violations = checkPlanLimits(
    { ...input, probers: proberIdsOf(input) },
    {
      plan: subscription.plan.specifications,
      enabledProberIds: new Set(enabled),
      monitorCount: mode === 'create' ? await countUserMonitors(db, caller.userId) : 0,
      mode,
    },
  );
  const [first] = violations;
  if (!first) return;
  const fields: Record<string, string[]> = {};
  for (const violation of violations) {
    if (violation.field) fields[violation.field] = [...(fields[violation.field] ?? []), violation.message];
  }
  throw new AppError('PLAN_LIMIT', first.message, fields);
}

/** A monitor as it is stored: the channels and the rules are settled (given, defaulted or kept). */
type SettledInput = MonitorInput & { alert: AlertChannelRef[]; alert_rules: AlertRules };

/** Most email channels a profile holds (contracts/accounts alertChannelsInput). */
const MAX_PROFILE_EMAILS = 20;

/**
 * Where a new monitor given no `alert` sends (issue 14: alerts on by default): the profile's
 * verified emails; with none, the login address — sign-up proved it (withLoginEmailVerified) — which
 * becomes a verified email channel of the profile, so the Alert Center shows where alerts go.
 * Under the user row's lock, as every other change of alert_channels.
 */
async function defaultAlert(db: Database, caller: Caller): Promise<AlertChannelRef[]> {
  const user = await findUserByIdForUpdate(db, caller.userId);
  if (!user) return [];
  const verified = user.alertChannels.emails.filter((entry) => entry.is_verified);
  if (verified.length) return verified.map((entry) => ({ type: 'emails', value: entry.value }));
  if (!user.isVerified) return [];
  const login = normalizeChannelValue('email', user.email);
  const listed = user.alertChannels.emails.some((entry) => entry.value === login);
  if (!listed && user.alertChannels.emails.length >= MAX_PROFILE_EMAILS) return [];
  const channels = listed
    ? withLoginEmailVerified(user.alertChannels, { email: login, isVerified: true })
    : { ...user.alertChannels, emails: [...user.alertChannels.emails, { value: login, is_verified: true }] };
  await updateUser(db, caller.userId, { alertChannels: channels });
  return [{ type: 'emails', value: login }];
}

/** Channel values as the profile stores them ('@Alice' → '@alice'), so the two always match. */
function normalizedAlert(input: SettledInput): AlertChannelRef[] {
  return input.alert.map((ref) => ({
    type: ref.type,
    value: normalizeChannelValue(channelTypeOfKey(ref.type), ref.value),
  }));
}

/** A monitor may alert only channels the user has in the profile. */
async function assertOwnChannels(db: Database, caller: Caller, input: SettledInput): Promise<void> {
  if (!input.alert.length) return;
  const user = await findUserById(db, caller.userId);
  for (const ref of normalizedAlert(input)) {
    const known = user?.alertChannels[ref.type].some((channel) => channel.value === ref.value);
    if (!known) throw invalidField('alert', `${ref.value} is not one of your alert channels.`);
  }
}

function storedFields(input: SettledInput): Omit<NewMonitor, 'userId' | 'token' | 'protocolType'> {
  const isHeartbeat = input.protocol_type === 'HEARTBEAT';
  return {
    url: input.protocol_type === 'HTTP' ? (input.url ?? null) : null,
    host: input.protocol_type === 'HTTP' || isHeartbeat ? null : (input.host ?? null),
    graceSeconds: isHeartbeat ? (input.grace ?? DEFAULT_HEARTBEAT_GRACE_SECONDS) : null,
    alias: input.alias || null,
    periodSeconds: input.period,
    apdexMs: Math.round((input.apdex ?? DEFAULT_APDEX_SECONDS) * 1000),
    httpMethod: input.http_method,
    httpHeaders: input.http_headers,
    httpBody: input.http_body ?? null,
    ...storedAssertionFields(input),
    dnsQueryName: input.protocol_type === 'DNS' ? (input.dns_query_name ?? null) : null,
    dnsQueryType: input.dns_query_type,
    alert: normalizedAlert(input),
    alertRules: input.alert_rules,
    labels: input.labels,
    isEnabled: input.is_enabled,
    // Left out (undefined) on edit: the monitor keeps its rule.
    slowAlert: input.slow_alert,
    // Left out on edit: kept; on create: the column's default (30, 14, 7, 1).
    certificateExpiryDays: input.certificate_expiry_days && [...input.certificate_expiry_days].sort((a, b) => b - a),
  };
}

export async function getMonitor(context: ServiceContext, caller: Caller, id: number): Promise<Monitor> {
  return presentMonitor(await loadOwn(context.db, caller, id), presentedAt(context));
}

export async function createMonitor(context: ServiceContext, caller: Caller, raw: MonitorInput): Promise<Monitor> {
  assertMayChange(caller);
  const input = normaliseMonitorInput(raw);
  assertMonitorShape(input);
  await assertTargetAllowed(input, context.config.ALLOW_PRIVATE_TARGETS);
  const proberIds = proberIdsOf(input);
  const ping = input.protocol_type === 'HEARTBEAT' ? newPingToken() : null;
  const id = await context.runInTransaction(async (transaction) => {
    await lockUserForLimits(transaction.db, caller.userId);
    await assertWithinPlan(transaction.db, caller, input, 'create');
    const settled: SettledInput = {
      ...input,
      alert: input.alert ?? (await defaultAlert(transaction.db, caller)),
      alert_rules: input.alert_rules ?? DEFAULT_ALERT_RULES,
    };
    await assertOwnChannels(transaction.db, caller, settled);
    const row = await insertMonitor(
      transaction.db,
      {
        ...storedFields(settled),
        slowAlert: input.slow_alert ?? null,
        userId: caller.userId,
        protocolType: input.protocol_type,
        token: newShareToken(),
        pingTokenHash: ping?.hash ?? null,
        pingTokenPrefix: ping?.prefix ?? null,
      },
      proberIds,
    );
    await bumpAssignmentVersions(transaction.db, proberIds);
    return row.id;
  });
  const created = await getMonitor(context, caller, id);
  // The secret ping URL is shown this once: only its hash is kept.
  return ping ? { ...created, ping_url: pingUrl(context.config.PUBLIC_URL, ping.token) } : created;
}

/** Checked and written under the user's limits lock, so parallel edits and plan changes take turns. */
export async function editMonitor(
  context: ServiceContext,
  caller: Caller,
  id: number,
  raw: MonitorInput | ((current: Monitor) => MonitorInput),
): Promise<Monitor> {
  assertMayChange(caller);
  let rearmed: number | null = null;
  await context.runInTransaction(async (transaction) => {
    await lockUserForLimits(transaction.db, caller.userId);
    const current = await loadOwn(transaction.db, caller, id);
    // A PATCH is made whole from the monitor read here, under the lock: two PATCHes of different fields both hold.
    const merged = editedInput(
      current,
      typeof raw === 'function' ? raw(presentMonitor(current, presentedAt(context))) : raw,
    );
    await assertWithinPlan(transaction.db, caller, merged, 'edit');
    await assertOwnChannels(transaction.db, caller, merged);
    const proberIds = proberIdsOf(merged);
    const now = context.now();
    const before = await updateMonitor(transaction.db, id, { ...storedFields(merged), updatedAt: now }, proberIds);
    await recordEnabledChange(transaction.db, id, { was: current.monitor.isEnabled, now: merged.is_enabled, at: now });
    rearmed = await moveHeartbeatDeadline(transaction.db, current.monitor, merged);
    await bumpAssignmentVersions(transaction.db, [...new Set([...before, ...proberIds])]);
  });
  if (rearmed !== null) announceDeadline(context, rearmed);
  return getMonitor(context, caller, id);
}

/**
 * The edit as it will be stored: protocol and address are read-only, a different one is refused
 * naming the field; channels and alert rules not given are kept as they are.
 */
function editedInput(current: MonitorWithRelations, raw: MonitorInput): SettledInput {
  const input = normaliseMonitorInput({
    ...raw,
    protocol_type: raw.protocol_type ?? current.monitor.protocolType,
  });
  if (input.protocol_type !== current.monitor.protocolType) {
    throw invalidField('protocol_type', 'The protocol cannot be changed; add a new monitor instead.');
  }
  const field = targetField(input);
  const currentTarget = field === 'url' ? current.monitor.url : current.monitor.host;
  const given = field === 'url' ? input.url : input.host;
  if (given && given !== currentTarget)
    throw invalidField(field, 'The address cannot be changed; add a new monitor instead.');
  const merged = {
    ...input,
    url: current.monitor.url,
    host: current.monitor.host,
    alert: input.alert ?? current.monitor.alert,
    alert_rules: input.alert_rules ?? current.monitor.alertRules,
    grace: input.grace ?? current.monitor.graceSeconds,
  };
  assertMonitorShape(merged);
  if (current.monitor.isProtected && merged.is_enabled !== current.monitor.isEnabled) {
    throw new AppError('PROTECTED_MONITOR', PROTECTED_TOGGLE_TEXT);
  }
  return merged;
}

export async function removeMonitor(context: ServiceContext, caller: Caller, id: number): Promise<void> {
  assertMayChange(caller);
  const current = await loadOwn(context.db, caller, id);
  if (current.monitor.isProtected) throw new AppError('PROTECTED_MONITOR', PROTECTED_DELETE_TEXT);
  await context.runInTransaction(async (transaction) => {
    await deleteMonitor(transaction.db, id);
    await bumpAssignmentVersions(
      transaction.db,
      current.probers.map((prober) => prober.id),
    );
  });
}
