import { HTTP_METHODS, type PlanSpecifications } from '@paydar/contracts/plans';
import type { PlanDescription } from '../../db/schema/index';

export interface PlanDefinition {
  name: string;
  level: number;
  /** Tomans per month. */
  defaultCost: number;
  description: PlanDescription;
  specifications: PlanSpecifications;
}

export const FREE_PLAN_NAME = 'Free';
export const ENTERPRISE_PLAN_NAME = 'Enterprise';

const allMethods = [...HTTP_METHODS];

/**
 * The plans a new install starts with; start-up adds the missing ones by name and leaves existing
 * ones as operators set them (`edit-plan`): a change here reaches an existing database only
 * through a migration or that command.
 */
export const planCatalogue: PlanDefinition[] = [
  {
    name: FREE_PLAN_NAME,
    level: 0,
    defaultCost: 0,
    description: { quantity: { Notification: 100 }, quality: { Protocol: ['HTTP', 'ICMP'], VoiceCall: false } },
    specifications: {
      MINIMUM_MONITOR_PERIOD: 300,
      MAXIMUM_MONITOR_COUNT: 5,
      PROBERS: 3,
      PROTOCOL: { HTTP: { AVAILABLE_METHODS: ['GET', 'HEAD'] }, ICMP: {} },
      MONITOR_GROUP: false,
      METRIC_HISTORY_DAYS: 7,
      STATUS_PAGES: 1,
      STATUS_PAGE_SUBSCRIBERS: 100,
    },
  },
  {
    name: 'Silver',
    level: 1,
    defaultCost: 89_000,
    description: {
      quantity: { Notification: 1_000 },
      quality: { Protocol: ['HTTP', 'ICMP', 'TCP'], VoiceCall: false },
    },
    specifications: {
      MINIMUM_MONITOR_PERIOD: 60,
      MAXIMUM_MONITOR_COUNT: 20,
      PROBERS: 5,
      PROTOCOL: { HTTP: { AVAILABLE_METHODS: allMethods }, ICMP: {}, TCP: {} },
      MONITOR_GROUP: false,
      METRIC_HISTORY_DAYS: 30,
      STATUS_PAGES: 3,
      STATUS_PAGE_SUBSCRIBERS: 1_000,
    },
  },
  {
    name: 'Gold',
    level: 3,
    defaultCost: 890_000,
    description: {
      quantity: { Notification: 10_000 },
      quality: { Protocol: ['HTTP', 'ICMP', 'TCP', 'DNS'], VoiceCall: true },
    },
    specifications: {
      MINIMUM_MONITOR_PERIOD: 15,
      MAXIMUM_MONITOR_COUNT: 100,
      PROBERS: 10,
      PROTOCOL: { HTTP: { AVAILABLE_METHODS: allMethods }, ICMP: {}, TCP: {}, DNS: {} },
      MONITOR_GROUP: true,
      METRIC_HISTORY_DAYS: 90,
      STATUS_PAGES: 10,
      STATUS_PAGE_SUBSCRIBERS: 5_000,
    },
  },
  {
    name: ENTERPRISE_PLAN_NAME,
    level: 10,
    defaultCost: 0,
    description: {
      quantity: { Notification: 1_000_000 },
      quality: { Protocol: ['HTTP', 'ICMP', 'TCP', 'DNS'], VoiceCall: true },
    },
    specifications: {
      MINIMUM_MONITOR_PERIOD: 5,
      MAXIMUM_MONITOR_COUNT: 100_000,
      PROBERS: 1_000,
      PROTOCOL: { HTTP: { AVAILABLE_METHODS: allMethods }, ICMP: {}, TCP: {}, DNS: {} },
      MONITOR_GROUP: true,
      METRIC_HISTORY_DAYS: 730,
      STATUS_PAGES: 50,
      STATUS_PAGE_SUBSCRIBERS: 50_000,
    },
  },
];
