import type { ServiceContext } from './context';
import { hashPassword } from './modules/accounts/passwords';
import { findUserByEmail, insertUser, updateUser } from './modules/accounts/users.repository';
import { FREE_PLAN_NAME, planCatalogue } from './modules/plans/plans.catalogue';
import { activateFreePlan, insertMissingPlans } from './modules/plans/plans.repository';

/**
 * Idempotent: missing plans added by name (existing ones stay as operators set them); the demo
 * account created once, verified, on Free.
 */
export async function seedDatabase(context: Pick<ServiceContext, 'db' | 'config'>): Promise<void> {
  await insertMissingPlans(context.db, planCatalogue);
  const email = context.config.DEMO_EMAIL.toLowerCase();
  let demo = await findUserByEmail(context.db, email);
  if (!demo) {
    demo = await insertUser(context.db, {
      email,
      passwordHash: await hashPassword(context.config.DEMO_PASSWORD),
      isVerified: true,
      isDemo: true,
    });
  }
  if (demo && !demo.isVerified) await updateUser(context.db, demo.id, { isVerified: true });
  if (demo) await activateFreePlan(context.db, demo.id, FREE_PLAN_NAME);
}
