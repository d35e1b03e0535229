import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { HISTORY_BLOCKED_TEXT } from '@paydar/domain/history';

/** 'Free Plan': the warning names the plan whose history period the day is beyond (spec §2). */
export function historyWarningTitle(planName: string | null): string {
  return planName ? `${planName} Plan` : 'Plan';
}

/** In the Date popup, under the calendar. */
export function HistoryWarning({ planName }: { planName: string | null }) {
  return (
    <Alert color="yellow" variant="light" title={historyWarningTitle(planName)} role="alert">
      {HISTORY_BLOCKED_TEXT}
    </Alert>
  );
}

/** For a heat-map day: the same words as a toast. */
export function showHistoryWarning(planName: string | null): void {
  notifications.show({ title: historyWarningTitle(planName), message: HISTORY_BLOCKED_TEXT, color: 'yellow' });
}
