import { readFile } from 'node:fs/promises';
import { HTTP_METHODS, PROTOCOLS, plan } from '@paydar/contracts/plans';
import { z } from 'zod';
import { UsageError } from './admin.commands';

/**
 * A plan as `create-plan` and `edit-plan` take it, from flags or a JSON file in the API's shape
 * (GET /api/v2/users/subscription_plans without `id`), checked with the contracts' plan schema
 * plus what that schema leaves open: sizes in range, and the protocols of the description and
 * the specifications the same.
 */

export const planFlagOptions = {
  level: { type: 'string' },
  cost: { type: 'string' },
  notifications: { type: 'string' },
  'voice-call': { type: 'string' },
  protocols: { type: 'string' },
  methods: { type: 'string' },
  'min-period': { type: 'string' },
  'max-monitors': { type: 'string' },
  probers: { type: 'string' },
  groups: { type: 'string' },
  'history-days': { type: 'string' },
  'status-pages': { type: 'string' },
  'status-page-subscribers': { type: 'string' },
  'image-url': { type: 'string' },
  file: { type: 'string' },
  active: { type: 'boolean' },
  inactive: { type: 'boolean' },
} as const;

export type PlanFlags = Partial<Record<keyof typeof planFlagOptions, string | boolean | undefined>>;

export const planUsage = `  plan flags: --level <n> --cost <Tomans a month> --notifications <alerts a month>
              --protocols HTTP,ICMP,TCP,DNS [--methods GET,HEAD,…] --min-period <seconds>
              --max-monitors <n> --probers <n> --history-days <days> [--voice-call yes|no]
              [--groups yes|no] [--status-pages <n>] [--status-page-subscribers <n>] [--image-url <url>] [--active | --inactive]
              or --file <plan.json> (the API's plan shape without id; for edit-plan, only what changes)`;

const planInput = plan
  .omit({ id: true })
  .extend({
    name: z.string().trim().min(1, 'give the plan a name').max(100, 'at most 100 characters'),
    level: z.number().int().min(0),
    default_cost: z.number().int().min(0),
    image_url: z.string().default(''),
    is_active: z.boolean().default(true),
  })
  .superRefine((value, context) => {
    const { specifications: specs, description } = value;
    const positive = [
      ['specifications.MINIMUM_MONITOR_PERIOD', specs.MINIMUM_MONITOR_PERIOD, 1],
      ['specifications.MAXIMUM_MONITOR_COUNT', specs.MAXIMUM_MONITOR_COUNT, 0],
      ['specifications.PROBERS', specs.PROBERS, 1],
      ['specifications.METRIC_HISTORY_DAYS', specs.METRIC_HISTORY_DAYS, 1],
      ['specifications.STATUS_PAGES', specs.STATUS_PAGES ?? 0, 0],
      ['specifications.STATUS_PAGE_SUBSCRIBERS', specs.STATUS_PAGE_SUBSCRIBERS ?? 0, 0],
      ['description.quantity.Notification', description.quantity.Notification, 0],
    ] as const;
    for (const [path, number, minimum] of positive) {
      if (number < minimum) context.addIssue({ code: 'custom', path: path.split('.'), message: `at least ${minimum}` });
    }
    const offered = Object.keys(specs.PROTOCOL).sort();
    if (!offered.length) {
      context.addIssue({ code: 'custom', path: ['specifications', 'PROTOCOL'], message: 'at least one protocol' });
    }
    if ([...description.quality.Protocol].sort().join() !== offered.join()) {
      context.addIssue({
        code: 'custom',
        path: ['description', 'quality', 'Protocol'],
        message: `must list the protocols of specifications.PROTOCOL (${offered.join(', ')})`,
      });
    }
    if (specs.PROTOCOL.HTTP && !specs.PROTOCOL.HTTP.AVAILABLE_METHODS.length) {
      context.addIssue({
        code: 'custom',
        path: ['specifications', 'PROTOCOL', 'HTTP'],
        message: 'at least one method',
      });
    }
  });
export type PlanInput = z.output<typeof planInput>;

/** Which flag sets a field, so an error names what the operator typed. */
const flagOfPath: Record<string, string> = {
  name: 'the plan name',
  level: '--level',
  default_cost: '--cost',
  'description.quantity': '--notifications',
  'description.quantity.Notification': '--notifications',
  'description.quality.VoiceCall': '--voice-call',
  'description.quality.Protocol': '--protocols',
  'specifications.PROTOCOL': '--protocols',
  'specifications.PROTOCOL.HTTP': '--methods',
  'specifications.PROTOCOL.HTTP.AVAILABLE_METHODS': '--methods',
  'specifications.MINIMUM_MONITOR_PERIOD': '--min-period',
  'specifications.MAXIMUM_MONITOR_COUNT': '--max-monitors',
  'specifications.PROBERS': '--probers',
  'specifications.MONITOR_GROUP': '--groups',
  'specifications.METRIC_HISTORY_DAYS': '--history-days',
  'specifications.STATUS_PAGES': '--status-pages',
  'specifications.STATUS_PAGE_SUBSCRIBERS': '--status-page-subscribers',
  image_url: '--image-url',
};

/** Validates a whole plan; every problem is listed, named by its flag (or by its JSON path with --file). */
export function validatePlan(candidate: unknown, fromFile: boolean): PlanInput {
  const parsed = planInput.safeParse(candidate);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => {
    const path = issue.path.join('.');
    const name = fromFile ? path || '(the plan)' : (flagOfPath[path] ?? path);
    const missing = issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
    return `  ${name}: ${missing ? 'required' : issue.message}`;
  });
  // Two paths can lead to one flag (--protocols fills both protocol lists): say it once.
  throw new UsageError(`invalid plan:\n${[...new Set(lines)].join('\n')}`);
}

function integerFlag(flags: PlanFlags, flag: keyof typeof planFlagOptions): number | undefined {
  const raw = flags[flag];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (typeof raw !== 'string' || raw.trim() === '' || !Number.isSafeInteger(value)) {
    throw new UsageError(`--${flag} must be a whole number, not ${String(raw)}`);
  }
  return value;
}

function yesNoFlag(flags: PlanFlags, flag: 'voice-call' | 'groups'): boolean | undefined {
  const raw = flags[flag];
  if (raw === undefined) return undefined;
  if (raw === 'yes' || raw === 'true') return true;
  if (raw === 'no' || raw === 'false') return false;
  throw new UsageError(`--${flag} must be yes or no, not ${String(raw)}`);
}

function listFlag<T extends string>(flags: PlanFlags, flag: 'protocols' | 'methods', allowed: readonly T[]) {
  const raw = flags[flag];
  if (raw === undefined) return undefined;
  const items = String(raw)
    .split(',')
    .map((item) => item.trim().toUpperCase())
    .filter(Boolean);
  const unknown = items.filter((item) => !allowed.includes(item as T));
  if (unknown.length)
    throw new UsageError(`--${flag}: unknown ${unknown.join(', ')}; choose from ${allowed.join(',')}`);
  return [...new Set(items)] as T[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Objects merge key by key; anything else (numbers, lists) replaces. */
function deepMerge(base: unknown, change: unknown): unknown {
  if (!isObject(base) || !isObject(change)) return change;
  const merged: Json = { ...base };
  for (const [key, value] of Object.entries(change)) merged[key] = deepMerge(base[key], value);
  return merged;
}

/**
 * The flags given, as a partial plan in the API's shape. --protocols rebuilds the protocol set
 * (keeping the current HTTP methods unless --methods says otherwise, all methods for a new HTTP).
 */
function changesFromFlags(flags: PlanFlags, current: PlanInput | undefined): Json {
  const changes: Json = {};
  const set = (path: string[], value: unknown) => {
    if (value === undefined) return;
    let target = changes;
    for (const key of path.slice(0, -1)) {
      target[key] = isObject(target[key]) ? target[key] : {};
      target = target[key] as Json;
    }
    target[path[path.length - 1] as string] = value;
  };
  set(['level'], integerFlag(flags, 'level'));
  set(['default_cost'], integerFlag(flags, 'cost'));
  set(['description', 'quantity', 'Notification'], integerFlag(flags, 'notifications'));
  set(['description', 'quality', 'VoiceCall'], yesNoFlag(flags, 'voice-call'));
  set(['specifications', 'MINIMUM_MONITOR_PERIOD'], integerFlag(flags, 'min-period'));
  set(['specifications', 'MAXIMUM_MONITOR_COUNT'], integerFlag(flags, 'max-monitors'));
  set(['specifications', 'PROBERS'], integerFlag(flags, 'probers'));
  set(['specifications', 'MONITOR_GROUP'], yesNoFlag(flags, 'groups'));
  set(['specifications', 'METRIC_HISTORY_DAYS'], integerFlag(flags, 'history-days'));
  set(['specifications', 'STATUS_PAGES'], integerFlag(flags, 'status-pages'));
  set(['specifications', 'STATUS_PAGE_SUBSCRIBERS'], integerFlag(flags, 'status-page-subscribers'));
  set(['image_url'], flags['image-url']);
  if (flags.active && flags.inactive) throw new UsageError('give --active or --inactive, not both');
  if (flags.active) set(['is_active'], true);
  if (flags.inactive) set(['is_active'], false);

  const protocols = listFlag(flags, 'protocols', PROTOCOLS);
  const methods = listFlag(flags, 'methods', HTTP_METHODS);
  const chosen: string[] | undefined =
    protocols ?? (current ? Object.keys(current.specifications.PROTOCOL) : undefined);
  if (methods && !chosen?.includes('HTTP')) throw new UsageError('--methods needs HTTP among the protocols');
  if (protocols || methods) {
    const currentMethods = current?.specifications.PROTOCOL.HTTP?.AVAILABLE_METHODS;
    const protocol: Json = {};
    for (const name of chosen ?? []) {
      protocol[name] = name === 'HTTP' ? { AVAILABLE_METHODS: methods ?? currentMethods ?? [...HTTP_METHODS] } : {};
    }
    // Replaced whole, not merged: a protocol left out of --protocols is taken away.
    set(['specifications', 'PROTOCOL'], protocol);
    set(['description', 'quality', 'Protocol'], chosen);
  }
  return changes;
}

/** --file is the whole input: mixing it with flags would leave it unclear which wins. */
function assertFileAlone(flags: PlanFlags): void {
  const others = Object.entries(flags).filter(
    ([flag, value]) => flag !== 'file' && flag in planFlagOptions && value !== undefined,
  );
  if (flags.file && others.length) {
    throw new UsageError(
      `give --file or plan flags, not both (also given: ${others.map(([flag]) => `--${flag}`).join(' ')})`,
    );
  }
}

async function readPlanFile(path: string): Promise<Json> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new UsageError(`cannot read ${path}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`${path} is not valid JSON`);
  }
  if (!isObject(value)) throw new UsageError(`${path} must hold one JSON object (a plan)`);
  return value;
}

/** The whole new plan for create-plan: every required flag, or a complete file. */
export async function planToCreate(name: string | undefined, flags: PlanFlags): Promise<PlanInput> {
  assertFileAlone(flags);
  if (flags.file) {
    const fromFile = await readPlanFile(String(flags.file));
    return validatePlan({ ...fromFile, ...(name ? { name } : {}) }, true);
  }
  const changes = changesFromFlags(flags, undefined);
  const defaults = {
    name,
    description: { quality: { VoiceCall: false } },
    specifications: { MONITOR_GROUP: false },
  };
  return validatePlan(deepMerge(defaults, changes), false);
}

/**
 * The plan after edit-plan's changes. PROTOCOL is replaced whole when the file or --protocols
 * gives it; everything else merges into the current plan. The name is the plan's identity and
 * does not change.
 */
export async function planAfterEdit(current: PlanInput, flags: PlanFlags): Promise<PlanInput> {
  assertFileAlone(flags);
  const fromFile = flags.file ? await readPlanFile(String(flags.file)) : undefined;
  const changes = fromFile ?? changesFromFlags(flags, current);
  if (!Object.keys(changes).length) throw new UsageError('nothing to change: give plan flags or --file');
  if ('name' in changes && changes.name !== current.name) {
    throw new UsageError('a plan keeps its name (purchases and payments refer to it); create another plan instead');
  }
  const givenProtocol = isObject(changes.specifications) ? changes.specifications.PROTOCOL : undefined;
  const merged = deepMerge(current, changes) as Json;
  if (givenProtocol !== undefined) (merged.specifications as Json).PROTOCOL = givenProtocol;
  return validatePlan(merged, Boolean(fromFile));
}
