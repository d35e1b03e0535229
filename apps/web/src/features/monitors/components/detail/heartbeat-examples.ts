/** The shell lines the heartbeat panel offers for a ping URL (single-quoted, so no character in it is special). */
export function heartbeatExamples(url: string, periodSeconds: number): { curl: string; cron: string } {
  const curl = `curl -fsS -m 10 --retry 3 -o /dev/null '${url}'`;
  return { curl, cron: `${cronSchedule(periodSeconds)} /path/to/job.sh && ${curl}` };
}

/** A crontab schedule near the period: cron counts minutes, so under a minute is every minute. */
export function cronSchedule(periodSeconds: number): string {
  const minutes = Math.max(1, Math.round(periodSeconds / 60));
  if (minutes < 60) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
  return hours >= 168 ? '0 0 * * 0' : '0 0 * * *';
}
