import { defaultStatusPageTimeZone, type StatusPageInput } from '@paydar/contracts/status-pages';
import type { Caller } from '../../context';
import type { Database } from '../../db/client';
import { invalidField } from '../../errors';
import { hashPassword } from '../accounts/passwords';
import { ownedMonitorIds, type StatusPageFields, takenAddresses } from './status-pages.repository';

/** Host names a page may not claim: the ones we answer on ourselves. */
export function ownHostNames(urls: readonly string[]): Set<string> {
  return new Set(urls.map((url) => new URL(url).hostname.toLowerCase()));
}

/**
 * The body as stored fields, after the checks the schema cannot make: every monitor is the
 * caller's (else 404-worded, naming the field), the slug and domain are free, the domain is not
 * ours. `exceptId` is the page being replaced.
 */
export async function statusPageFieldsOf(
  db: Database,
  caller: Caller,
  input: StatusPageInput,
  context: { ownHosts: ReadonlySet<string>; exceptId: number | null },
): Promise<StatusPageFields> {
  const ids = input.sections.flatMap((section) => section.monitors.map((entry) => entry.monitor));
  const owned = await ownedMonitorIds(db, caller.userId, ids);
  for (const [s, section] of input.sections.entries()) {
    for (const [m, entry] of section.monitors.entries()) {
      if (!owned.has(entry.monitor))
        throw invalidField(`sections.${s}.monitors.${m}.monitor`, `Monitor ${entry.monitor} was not found.`);
    }
  }
  const domain = input.custom_domain ?? null;
  if (domain && context.ownHosts.has(domain)) throw invalidField('custom_domain', 'This host name is ours.');
  const taken = await takenAddresses(db, input.slug, domain, context.exceptId);
  if (taken.slug) throw invalidField('slug', 'This address is taken.');
  if (taken.domain) throw invalidField('custom_domain', 'Another page uses this host name.');
  return {
    slug: input.slug,
    title: input.title,
    description: input.description,
    logoUrl: input.logo_url ?? null,
    language: input.language,
    timeZone: input.time_zone ?? defaultStatusPageTimeZone(input.language),
    showResponseTimes: input.show_response_times,
    customDomain: domain,
    passwordHash: await passwordHashOf(input.password),
    sections: input.sections.map((section) => ({
      title: section.title,
      monitors: section.monitors.map((entry) => ({
        monitorId: entry.monitor,
        publicName: entry.public_name,
        showTarget: entry.show_target,
      })),
    })),
  };
}

/** undefined (left out): keep; null or "": remove; else the new hash. */
async function passwordHashOf(password: string | null | undefined): Promise<string | null | undefined> {
  if (password === undefined) return undefined;
  if (password === null || password === '') return null;
  return hashPassword(password);
}
