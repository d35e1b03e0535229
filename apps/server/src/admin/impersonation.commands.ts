import { impersonationsQuery } from '@paydar/contracts/impersonations';
import type { ServiceContext } from '../context';
import { listImpersonations } from '../modules/impersonation/impersonation-record.service';
import { UsageError } from './admin.commands';

/** `list-impersonations [--staff <email>] [--customer <email>] [--limit <n>] [--offset <n>]`: the record, newest first. */
export async function listImpersonationsTable(
  context: ServiceContext,
  values: { staff?: string; customer?: string; limit?: string; offset?: string },
): Promise<string> {
  const parsed = impersonationsQuery.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new UsageError(`--${String(issue?.path[0] ?? 'staff')}: ${issue?.message ?? 'invalid'}`);
  }
  const page = await listImpersonations(context, parsed.data);
  const time = (value: string | null) => (value ? value.replace('T', ' ').slice(0, 19) : '—');
  const lines = page.results.map((row) =>
    [
      String(row.id).padStart(5),
      time(row.issued_at),
      row.staff.email.padEnd(32),
      row.customer.email.padEnd(32),
      time(row.used_at).padEnd(19),
      row.used_from ?? (row.used_at ? '' : 'unused'),
    ]
      .join('  ')
      .trimEnd(),
  );
  const shown = page.results.length;
  const from = parsed.data.offset + (shown ? 1 : 0);
  return [
    `   id  ${'issued (UTC)'.padEnd(19)}  ${'staff'.padEnd(32)}  ${'customer'.padEnd(32)}  ${'used (UTC)'.padEnd(19)}  from`,
    ...lines,
    `${from}–${parsed.data.offset + shown} of ${page.count}${page.next ? ` (more: --offset ${parsed.data.offset + shown})` : ''}`,
  ].join('\n');
}
