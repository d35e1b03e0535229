import { type UseFormReturnType, useForm } from '@mantine/form';
import { FILL_ALL_FIELDS, type Monitor } from '@paydar/contracts/monitors';
import { checkPlanLimits, type PlanViolation } from '@paydar/domain/plan-limits';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { showFormFailure } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useCreateMonitor } from '../api/create-monitor';
import { rememberPingUrl } from '../api/ping-url';
import { useUpdateMonitor } from '../api/update-monitor';
import { alertRuleErrors } from '../components/form/alert-rules-values';
import { certificateExpiryErrors } from '../components/form/certificate-expiry-values';
import { httpAssertionErrors } from '../components/form/http-assertions-values';
import {
  defaultFormValues,
  formValuesOf,
  isSelectableProber,
  type MonitorFormValues,
  missingFields,
  toMonitorInput,
} from '../components/form/monitor-form-values';
import { showPlanLimitNotice } from '../components/form/plan-limit-notice';
import { slowAlertErrors } from '../components/form/slow-alert-values';
import type { MonitorFormOptions } from './use-monitor-form-options';
import { useMonitorFormRefresh } from './use-monitor-form-refresh';

/** Spec §8. */
export const MONITOR_CREATED_TEXT = 'Your monitor created!';
export const MONITOR_EDITED_TEXT = 'Your monitor edited successfully!';

export type MonitorForm = UseFormReturnType<MonitorFormValues>;

/** The form field that shows an API field's message: the address is one field for every protocol. */
function formFieldOf(apiField: string): string | null {
  if (apiField === 'url' || apiField === 'host') return 'target';
  // The slow-response part names its fields as the API does (slow_alert.checks …).
  if (apiField === 'slow_alert' || apiField.startsWith('slow_alert.')) return apiField;
  // Nested: 'alert_rules.remind_limit' is the rules section's field of that path.
  if (apiField === 'alert_rules' || apiField.startsWith('alert_rules.')) return apiField;
  // The response checks too (http_assertions.0.value …).
  if (apiField.startsWith('http_assertions')) return apiField;
  const known: (keyof MonitorFormValues)[] = [
    'protocol_type',
    'alias',
    'period',
    'apdex',
    'http_method',
    'http_headers',
    'http_body',
    'dns_query_name',
    'dns_query_type',
    'probers',
    'alert',
    'labels',
    'is_enabled',
    'certificate_expiry_days',
    'http_accepted_statuses',
    'http_follow_redirects',
    'timeout',
  ];
  // 'certificate_expiry_days.2': one threshold of the list, shown under the field.
  if (apiField.startsWith('certificate_expiry_days.')) return 'certificate_expiry_days';
  return known.find((field) => field === apiField) ?? null;
}

/** The plan limits the values break, where the plan is known (spec §5); the server checks again. */
export function planViolationsOf(
  values: MonitorFormValues,
  options: Pick<MonitorFormOptions, 'plan' | 'probers' | 'monitorCount'>,
  mode: 'create' | 'edit',
): PlanViolation[] {
  if (!options.plan) return [];
  const input = toMonitorInput(values);
  return checkPlanLimits(
    {
      protocol_type: input.protocol_type ?? 'HTTP',
      period: input.period,
      probers: values.probers,
      http_method: input.http_method,
      labels: input.labels,
    },
    {
      plan: options.plan,
      enabledProberIds: new Set(options.probers.filter(isSelectableProber).map((prober) => prober.id)),
      // Unknown: the server counts.
      monitorCount: options.monitorCount ?? 0,
      mode,
    },
  );
}

type UseMonitorFormInput = {
  monitor?: Monitor;
  options: MonitorFormOptions;
  onClose: () => void;
  onSaved?: (monitor: Monitor) => void;
};

/**
 * The add or edit form: its values, and a submit that checks the required fields and the plan
 * before calling the server, then toasts, closes and (after an add) opens the new monitor and
 * schedules its refresh without cache.
 */
export function useMonitorForm({ monitor, options, onClose, onSaved }: UseMonitorFormInput) {
  const mode = monitor ? 'edit' : 'create';
  const navigate = useNavigate();
  const scheduleRefresh = useMonitorFormRefresh();
  const create = useCreateMonitor();
  const update = useUpdateMonitor();
  const form = useForm<MonitorFormValues>({
    mode: 'controlled',
    initialValues: monitor ? formValuesOf(monitor) : defaultFormValues(options.probers, options.channels),
  });

  function showServerError(error: unknown) {
    if (error instanceof ApiError && error.code === 'PLAN_LIMIT') {
      for (const [apiField, messages] of Object.entries(error.fields)) {
        const field = formFieldOf(apiField);
        if (field) form.setFieldError(field, messages.join(' '));
      }
      showPlanLimitNotice([error.message]);
      return;
    }
    // Spec §8: a warning showing the server's error text — under its field where the form has it.
    showFormFailure(error, form, formFieldOf);
  }

  const submit = form.onSubmit(async (values) => {
    const missing = missingFields(values);
    if (missing.length) {
      form.setErrors(Object.fromEntries(missing.map((field) => [field, true])));
      notify.warning(FILL_ALL_FIELDS);
      return;
    }
    const slowErrors = slowAlertErrors(values.slow_alert);
    if (Object.keys(slowErrors).length) {
      form.setErrors(slowErrors);
      return;
    }
    const certificateErrors =
      values.protocol_type === 'HTTP' ? certificateExpiryErrors(values.certificate_expiry_days) : {};
    if (Object.keys(certificateErrors).length) {
      form.setErrors(certificateErrors);
      return;
    }
    const checkErrors = values.protocol_type === 'HTTP' ? httpAssertionErrors(values, values.period) : {};
    if (Object.keys(checkErrors).length) {
      form.setErrors(checkErrors);
      notify.warning('Check the response checks: a value is not valid.');
      return;
    }
    const ruleErrors = alertRuleErrors(values.alert_rules);
    if (Object.keys(ruleErrors).length) {
      form.setErrors(ruleErrors);
      notify.warning('Check the alert rules: a value is out of range.');
      return;
    }
    const violations = planViolationsOf(values, options, mode);
    if (violations.length) {
      form.setErrors(
        // The protocol is chosen on a segmented control, which shows no error.
        Object.fromEntries(
          violations.flatMap((violation) =>
            violation.field && violation.field !== 'protocol_type' ? [[violation.field, true]] : [],
          ),
        ),
      );
      showPlanLimitNotice(violations.map((violation) => violation.message));
      return;
    }
    const input = toMonitorInput(values);
    let saved: Monitor;
    try {
      saved = monitor ? await update.mutateAsync({ id: monitor.id, input }) : await create.mutateAsync(input);
    } catch (error) {
      showServerError(error);
      return;
    }
    if (monitor) {
      notify.success(MONITOR_EDITED_TEXT);
      onClose();
      onSaved?.(saved);
      return;
    }
    // Scheduled first: it must happen whatever the screens then do with the new monitor.
    scheduleRefresh(saved.id);
    // A heartbeat's secret URL is answered this once: its detail shows it (api/ping-url.ts).
    if (saved.ping_url) rememberPingUrl(saved.id, saved.ping_url);
    notify.success(MONITOR_CREATED_TEXT, { carryOver: true });
    onClose();
    onSaved?.(saved);
    navigate(`/monitor/${saved.id}`);
  });

  return { form, submit, mode, saving: create.isPending || update.isPending } as const;
}
