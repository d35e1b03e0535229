import { Text } from '@mantine/core';
import type { MonitorForm } from '../../hooks/use-monitor-form';
import type { MonitorFormOptions } from '../../hooks/use-monitor-form-options';
import { alertDestinationText } from './alert-rules-values';

/** The line under the channel list that says where this monitor's alerts go (issue 14). */
export function AlertDestination({ form, options }: { form: MonitorForm; options: MonitorFormOptions }) {
  return (
    <Text size="xs" c="dimmed" mt={-8} data-testid="alert-destination">
      {alertDestinationText(form.values.alert, {
        alertDefault: form.values.alert_default,
        loginEmail: options.loginEmail,
        ...(options.channels ? { channels: options.channels } : {}),
      })}
    </Text>
  );
}
