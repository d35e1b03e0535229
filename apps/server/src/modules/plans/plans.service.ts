import type { Plan, Subscription } from '@paydar/contracts/plans';
import type { Caller, ServiceContext } from '../../context';
import { presentPlan, presentSubscription } from './plans.presenter';
import { listActivePlans, listSubscriptions } from './plans.repository';

export async function listPlans(context: ServiceContext): Promise<Plan[]> {
  return (await listActivePlans(context.db)).map(presentPlan);
}

export async function listCallerSubscriptions(context: ServiceContext, caller: Caller): Promise<Subscription[]> {
  return (await listSubscriptions(context.db, caller.userId)).map(presentSubscription);
}
