import { randomId } from '@mantine/hooks';
import {
  defaultStatusPageTimeZone,
  type StatusPage,
  type StatusPageLanguage,
  statusPageInput,
} from '@paydar/contracts/status-pages';
import type { StatusPageBody } from '../../api/save-status-page';

/**
 * The editor's values and their way to the API. The password is a choice: keep the current one (a
 * PUT without `password`), set a new one, or have none (`""` removes it).
 */

export type PasswordChoice = 'keep' | 'set' | 'remove';

/** One of the user's monitors as the editor offers it. */
export type PageMonitorOption = {
  id: number;
  /** How the owner knows it (its alias or its address): never sent as the public name by itself. */
  name: string;
  /** The public name a newly added entry starts with: the alias, never the address. */
  publicName: string;
  /** The URL or host, which visitors see only with "Show address to visitors". */
  target: string;
};

export type MonitorEntryValues = { key: string; monitor: number; public_name: string; show_target: boolean };
export type SectionValues = { key: string; title: string; monitors: MonitorEntryValues[] };

export type StatusPageFormValues = {
  slug: string;
  title: string;
  description: string;
  logo_url: string;
  language: StatusPageLanguage;
  /** null: the language's default zone. */
  time_zone: string | null;
  show_response_times: boolean;
  custom_domain: string;
  password_choice: PasswordChoice;
  password: string;
  sections: SectionValues[];
};

export const newSection = (title = ''): SectionValues => ({ key: randomId(), title, monitors: [] });

export function newMonitorEntry(option: PageMonitorOption): MonitorEntryValues {
  return { key: randomId(), monitor: option.id, public_name: option.publicName, show_target: false };
}

/** A new page starts with one section to fill; an existing one as it is stored. */
export function formValuesOf(page?: StatusPage): StatusPageFormValues {
  if (!page) {
    return {
      slug: '',
      title: '',
      description: '',
      logo_url: '',
      language: 'en',
      time_zone: null,
      show_response_times: false,
      custom_domain: '',
      password_choice: 'remove',
      password: '',
      sections: [newSection('Services')],
    };
  }
  return {
    slug: page.slug,
    title: page.title,
    description: page.description,
    logo_url: page.logo_url ?? '',
    language: page.language,
    // The language's default stays "default", so a change of language moves the zone with it.
    time_zone: page.time_zone === defaultStatusPageTimeZone(page.language) ? null : page.time_zone,
    show_response_times: page.show_response_times,
    custom_domain: page.custom_domain ?? '',
    password_choice: page.protected ? 'keep' : 'remove',
    password: '',
    sections: page.sections.map((section) => ({
      key: randomId(),
      title: section.title,
      monitors: section.monitors.map((entry) => ({ key: randomId(), ...entry })),
    })),
  };
}

/** The body of a create or a full replace. */
export function toBody(values: StatusPageFormValues): StatusPageBody {
  const body: StatusPageBody = {
    slug: values.slug.trim(),
    title: values.title.trim(),
    description: values.description.trim(),
    logo_url: values.logo_url.trim() || null,
    language: values.language,
    time_zone: values.time_zone,
    show_response_times: values.show_response_times,
    custom_domain: values.custom_domain.trim().toLowerCase() || null,
    sections: values.sections.map((section) => ({
      title: section.title.trim(),
      monitors: section.monitors.map(({ monitor, public_name, show_target }) => ({
        monitor,
        public_name: public_name.trim(),
        show_target,
      })),
    })),
  };
  if (values.password_choice === 'set') body.password = values.password;
  if (values.password_choice === 'remove') body.password = '';
  return body;
}

export const PASSWORD_MISSING_TEXT = 'Type the new password.';

/**
 * What the API would refuse, checked before sending with the API's own rules (the contract's
 * schema), each message under the field of its path (`sections.0.monitors.1.public_name`).
 */
export function formErrorsOf(values: StatusPageFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const result = statusPageInput.safeParse(toBody(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      errors[path] ??= issue.message;
    }
  }
  if (values.password_choice === 'set' && values.password === '') errors.password = PASSWORD_MISSING_TEXT;
  return errors;
}

const TOP_FIELDS = new Set([
  'slug',
  'title',
  'description',
  'logo_url',
  'language',
  'time_zone',
  'show_response_times',
  'custom_domain',
  'password',
  'sections',
]);

/** The form field that shows a server's field error: the same path, the sections' nested ones included. */
export function formFieldOf(apiField: string): string | null {
  if (TOP_FIELDS.has(apiField) || apiField.startsWith('sections.')) return apiField;
  return null;
}
