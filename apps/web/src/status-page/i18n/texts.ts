import type { IncidentState } from '@paydar/contracts/status-page-incidents';
import type { PublicMonitorStatus, StatusPageBanner, StatusPageLanguage } from '@paydar/contracts/status-pages';
import { en } from './en';
import { fa } from './fa';

/** Every text the status page shows, in one language. Numbers and dates come in already written. */
export interface StatusTexts {
  banner: Record<StatusPageBanner, string>;
  monitorStatus: Record<PublicMonitorStatus, string>;
  incidentState: Record<IncidentState, string>;
  /** The overall banner's heading for screen readers and the landmark's name. */
  currentStatus: string;
  loading: string;
  notFound: string;
  loadFailed: string;
  tryAgain: string;
  updatedAt: (time: string) => string;
  daysAgo: (days: string) => string;
  today: string;
  /** Said on narrow screens, where the bars show fewer days. */
  lastDaysShown: (days: string) => string;
  uptimeOverDays: (percent: string, days: string) => string;
  dayUptime: (percent: string) => string;
  dayNoData: string;
  dayDowntime: (duration: string) => string;
  dayNoDowntime: string;
  barsLabel: (name: string) => string;
  responseTimes: string;
  responseTimeAverage: (ms: string) => string;
  responseTimeNoData: string;
  /** Durations: hours, minutes, seconds. */
  duration: { hours: (n: string) => string; minutes: (n: string) => string; seconds: (n: string) => string };
  milliseconds: (n: string) => string;
  lockedTitle: string;
  lockedHint: string;
  password: string;
  unlock: string;
  wrongPassword: string;
  tooManyAttempts: string;
  networkError: string;
  activeIncidents: string;
  /** Before the public names of the monitors an incident or a window touches. */
  affectedLabel: string;
  /** Between the names of a list. */
  listSeparator: string;
  maintenanceNow: string;
  scheduledMaintenance: string;
  maintenanceWindow: (from: string, to: string) => string;
  /** Which zone the page's times are in, under a list of times. */
  timesIn: (zone: string) => string;
  incidentHistory: string;
  noIncidents: string;
  postmortem: string;
  postmortemAvailable: string;
  started: (time: string) => string;
  resolved: (time: string) => string;
  backToPage: string;
  incidentNotFound: string;
  subscribeTitle: string;
  subscribeHint: string;
  email: string;
  subscribe: string;
  subscriptionConfirmed: (title: string) => string;
  subscriptionEnded: (title: string) => string;
  subscriptionWorking: string;
  subscriptionFailed: string;
  subscriptionNoToken: string;
  openPage: string;
  poweredBy: string;
}

const DICTIONARIES: Record<StatusPageLanguage, StatusTexts> = { en, fa };

export function textsFor(language: StatusPageLanguage): StatusTexts {
  return DICTIONARIES[language] ?? en;
}
