/** The alerting jobs. Dispatch turns transitions into notifications; deliver sends one notification. */
export const ALERT_DISPATCH_QUEUE = 'alerts.dispatch';
export const ALERT_DELIVER_QUEUE = 'alerts.deliver';
/** Every minute: dispatch what a lost job left, re-enqueue overdue deliveries, close interrupted ones. */
export const ALERT_SWEEP_QUEUE = 'alerts.sweep';

/** Attempts per notification before it ends as not sent. */
export const MAX_DELIVERY_ATTEMPTS = 3;
