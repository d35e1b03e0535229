import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../config';
import { startRuntime } from '../runtime';
import { createStaff, impersonationLink, listUsersTable, setPassword, UsageError } from './admin.commands';

const usage = `Usage: npm run admin -- <command>

  create-staff <email> [--password <password>]   create a staff user (or make a user staff)
  set-password <email> <password>                set a user's password and sign out its sessions
  impersonate <email> --staff <staff-email>      print a single-use sign-in link as <email> (10 minutes)
  list-users                                     list every user`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { password: { type: 'string' }, staff: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
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
