import { sql } from 'drizzle-orm';
import { openSession } from '../../apps/server/src/modules/accounts/session.service';
import type { Runtime } from '../../apps/server/src/runtime';

/**
 * A verified user with `count` HTTP monitors, each on 3 probers of its own and with a state (as a
 * checked monitor has), and a session key for them: the list the dashboard draws.
 */
export async function seedListUser(
  runtime: Runtime,
  tag: string,
  count: number,
): Promise<{ userId: number; key: string }> {
  const { db } = runtime.context;
  const userId = (
    await db.execute<{ id: number }>(
      sql`INSERT INTO users (email, password_hash, is_verified) VALUES (${`${tag}@example.test`}, 'x', true) RETURNING id`,
    )
  ).rows[0]?.id as number;
  await db.execute(sql`INSERT INTO probers (name, country_code, datacenter, key_hash)
    SELECT ${tag} || '-' || g, 'DE', 'bench', ${tag} || '-' || g FROM generate_series(1, 3) g`);
  await db.execute(sql`
    INSERT INTO monitors (user_id, protocol_type, url, period_seconds, apdex_ms, token, alias)
    SELECT ${userId}, 'HTTP', 'https://site-' || g || '.example.com/health', 60, 500, ${tag} || '-' || g, 'Site ' || g
    FROM generate_series(1, ${count}) g`);
  await db.execute(sql`
    INSERT INTO monitor_probers (monitor_id, prober_id)
    SELECT m.id, p.id FROM monitors m, probers p WHERE m.user_id = ${userId} AND p.name LIKE ${`${tag}-%`}`);
  await db.execute(sql`
    INSERT INTO monitor_states (monitor_id, last_check_at, first_check_at, last_status_code)
    SELECT id, now(), now() - interval '1 day', 200 FROM monitors WHERE user_id = ${userId}`);
  return { userId, key: await openSession(db, userId) };
}
