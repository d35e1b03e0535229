import { z } from 'zod';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD'] as const;
export const PROTOCOLS = ['HTTP', 'ICMP', 'TCP', 'DNS'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

/** Level of the plan that spec bars are drawn against, and of Enterprise. */
export const REFERENCE_PLAN_LEVEL = 3;
export const ENTERPRISE_LEVEL = 10;
export const YEARLY_MULTIPLIER = 12;
export const SUBSCRIPTION_PERIODS = ['Monthly', 'Yearly'] as const;

export const planSpecifications = z.object({
  /** Seconds. */
  MINIMUM_MONITOR_PERIOD: z.number().int(),
  MAXIMUM_MONITOR_COUNT: z.number().int(),
  /** How many probers one monitor may use. */
  PROBERS: z.number().int(),
  PROTOCOL: z.object({
    HTTP: z.object({ AVAILABLE_METHODS: z.array(z.enum(HTTP_METHODS)) }).optional(),
    ICMP: z.object({}).optional(),
    TCP: z.object({}).optional(),
    DNS: z.object({}).optional(),
  }),
  MONITOR_GROUP: z.boolean(),
  METRIC_HISTORY_DAYS: z.number().int(),
  /** Status pages one user may keep (issue 16); a plan stored before them allows 1. */
  STATUS_PAGES: z.number().int().optional(),
  /** Subscribers (confirmed and waiting) one status page may have; a plan stored before them allows 100. */
  STATUS_PAGE_SUBSCRIBERS: z.number().int().optional(),
});
export type PlanSpecifications = z.infer<typeof planSpecifications>;

export const planDescription = z.object({
  quantity: z.object({ Notification: z.number().int() }),
  quality: z.object({
    Protocol: z.array(z.enum(PROTOCOLS)),
    /** Down alerts to a phone also ring it (Kavenegar text-to-speech), besides the SMS. */
    VoiceCall: z.boolean(),
  }),
});

export const plan = z.object({
  id: z.number().int(),
  name: z.string(),
  level: z.number().int(),
  /** Tomans per month. */
  default_cost: z.number().int(),
  description: planDescription,
  specifications: planSpecifications,
  image_url: z.string(),
  is_active: z.boolean(),
});
export type Plan = z.infer<typeof plan>;

export const subscription = z.object({
  id: z.number().int(),
  is_active: z.boolean(),
  period: z.enum(SUBSCRIPTION_PERIODS).nullable(),
  start_time: z.string(),
  expire_time: z.string().nullable(),
  /**
   * Whether the plan renews from the wallet when it ends (a paid plan with an end). Off: it ends
   * and the account moves to Free. Only a plan bought from the wallet can renew.
   */
  auto_renew: z.boolean(),
  subscription_plan: plan,
});
export type Subscription = z.infer<typeof subscription>;

/** PATCH /api/v1/users/subscriptions/auto_renew: turn the running plan's renewal on or off. */
export const autoRenewBody = z.strictObject({
  auto_renew: z.boolean({ message: 'auto_renew must be true or false.' }),
});
