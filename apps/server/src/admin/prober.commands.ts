import type { ServiceContext } from '../context';
import { bumpAssignmentVersions, findProberByName, updateProber } from '../modules/probers/probers.repository';
import { registerProber } from '../modules/probers/probers.service';
import { UsageError } from './admin.commands';

/** Registers a prober agent and prints the key it runs with (shown once). */
export async function addProber(
  context: ServiceContext,
  name: string | undefined,
  options: { country?: string; datacenter?: string },
): Promise<string> {
  if (!name?.trim()) throw new UsageError('give the prober a name');
  const country = (options.country ?? '').trim();
  if (!/^[A-Za-z]{2}$/.test(country))
    throw new UsageError('give --country as a two-letter country code, e.g. --country DE');
  const registered = await registerProber(context, {
    name: name.trim(),
    countryCode: country,
    datacenter: options.datacenter?.trim() || name.trim(),
  });
  if (!registered) throw new UsageError(`a prober named ${name} exists already`);
  return [
    `Added prober ${registered.prober.name} (id ${registered.prober.id}). Its key, shown only now:`,
    registered.key,
    `Run it with: npm run prober -- --server <server URL> --key ${registered.key}`,
  ].join('\n');
}

/** Disabled probers get no assignments and cannot be picked for monitors. */
export async function setProberDisabled(
  context: ServiceContext,
  name: string | undefined,
  disabled: boolean,
): Promise<string> {
  const prober = name ? await findProberByName(context.db, name) : undefined;
  if (!prober) throw new UsageError(`no prober named ${name ?? '(missing)'}`);
  await updateProber(context.db, prober.id, { disabled });
  await bumpAssignmentVersions(context.db, [prober.id]);
  return `Prober ${prober.name} is now ${disabled ? 'disabled' : 'enabled'}.`;
}
