import { describe, expect, it } from 'vitest';
import { cronSchedule, heartbeatExamples } from './heartbeat-examples';

describe('heartbeat examples', () => {
  it.each([
    [15, '* * * * *'],
    [60, '* * * * *'],
    [300, '*/5 * * * *'],
    [1800, '*/30 * * * *'],
    [3600, '0 * * * *'],
    [21_600, '0 */6 * * *'],
    [86_400, '0 0 * * *'],
    [604_800, '0 0 * * 0'],
  ])('schedules a period of %i s as %s', (seconds, schedule) => {
    expect(cronSchedule(seconds)).toBe(schedule);
  });

  it('quotes the URL once in the curl line and runs it after the job in the crontab line', () => {
    const { curl, cron } = heartbeatExamples('https://paydar.test/ping/abc', 300);
    expect(curl).toBe("curl -fsS -m 10 --retry 3 -o /dev/null 'https://paydar.test/ping/abc'");
    expect(cron).toBe(`*/5 * * * * /path/to/job.sh && ${curl}`);
  });
});
