/** A monitor's alert rules wait for the clock: this job wakes them (sent with `startAfter` at the next wake-up). */
export const ALERT_RULES_WAKE_QUEUE = 'alert-rules.wake';
/** Every minute and at start: wakes the monitors whose wake-up is overdue (a lost job, a crash). */
export const ALERT_RULES_SWEEP_QUEUE = 'alert-rules.sweep';
