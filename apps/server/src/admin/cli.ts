import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../config';
import { startRuntime } from '../runtime';
import { createStaff, impersonationLink, listUsersTable, setPassword, UsageError } from './admin.commands';
import { adjustCredit, auditLedgerReport, listTransactions, protectSignedNumbers } from './credit.commands';
import { listImpersonationsTable } from './impersonation.commands';
import { createPlan, editPlan, setUserPlan } from './plan.commands';
import { planFlagOptions, planUsage } from './plan-input';
import { addProber, setProberDisabled } from './prober.commands';

const usage = `Usage: npm run admin -- <command>

  create-staff <email> [--password <password>]   create a staff user (or make a user staff)
  set-password <email> <password>                set a user's password and sign out its sessions
  impersonate <email> --staff <staff-email>      print a single-use sign-in link as <email> (10 minutes)
  list-users                                     list every user
  list-impersonations [--staff <email>] [--customer <email>] [--limit <n>] [--offset <n>]
                                                 the record of impersonation links, newest first
  add-prober <name> --country <CC> [--datacenter <name>]   register a prober agent and print its key
  disable-prober <name> / enable-prober <name>   take a prober out of (or back into) service
  set-plan <email> <plan> [--months <n>]         put a user on a plan without payment (default 1 month)
  adjust-credit <email> <amount> --reason <text> credit (or, negative, debit) a wallet in Tomans; the user sees the reason
  list-transactions <email>                      a wallet's balance and every movement, newest first
  audit-ledger                                   check every wallet against its ledger (exit 1 if any disagrees)
  create-plan <name> <plan flags>                add a plan (or: create-plan --file <plan.json>)
  edit-plan <name> <plan flags to change>        change a plan's price, limits or sale (or --file <changes.json>)
${planUsage}`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    args: protectSignedNumbers(process.argv.slice(2)),
    allowPositionals: true,
    options: {
      password: { type: 'string' },
      staff: { type: 'string' },
      country: { type: 'string' },
      datacenter: { type: 'string' },
      months: { type: 'string' },
      reason: { type: 'string' },
      customer: { type: 'string' },
      limit: { type: 'string' },
      offset: { type: 'string' },
      ...planFlagOptions,
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (!command || values.help) {
    console.log(usage);
    return command || values.help ? 0 : 2;
  }
  const config = loadConfig();
  const runtime = await startRuntime(config, {
    logger: pino({ level: 'warn' }),
    runWorkers: false,
    shareEmbedded: true,
  });
  try {
    const context = runtime.context;
    const output = await (() => {
      switch (command) {
        case 'create-staff':
          return createStaff(context, rest[0], values.password);
        case 'set-password':
          return setPassword(context, rest[0], rest[1] ?? values.password);
        case 'impersonate':
          return impersonationLink(context, rest[0], values.staff);
        case 'list-users':
          return listUsersTable(context);
        case 'list-impersonations':
          return listImpersonationsTable(context, values);
        case 'add-prober':
          return addProber(context, rest[0], values);
        case 'disable-prober':
          return setProberDisabled(context, rest[0], true);
        case 'enable-prober':
          return setProberDisabled(context, rest[0], false);
        case 'set-plan':
          return setUserPlan(context, rest[0], rest[1], values.months);
        case 'adjust-credit':
          return adjustCredit(context, rest[0], rest[1], values.reason);
        case 'list-transactions':
          return listTransactions(context, rest[0]);
        case 'audit-ledger':
          return auditLedgerReport(context);
        case 'create-plan':
          return createPlan(context, rest[0], values);
        case 'edit-plan':
          return editPlan(context, rest[0], values);
        default:
          throw new UsageError(`unknown command: ${command}\n\n${usage}`);
      }
    })();
    console.log(output);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  } finally {
    await runtime.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
