// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { buildStatusPage } from '@/testing/status-page-builders';
import { formErrorsOf, formFieldOf, formValuesOf, toBody } from './editor-values';

describe('the editor’s values', () => {
  it('sends a password only when it changes: left out to keep, "" to remove, the text to set', () => {
    const values = formValuesOf(buildStatusPage({ protected: true }));
    expect(values.password_choice).toBe('keep');
    expect(toBody(values)).not.toHaveProperty('password');
    expect(toBody({ ...values, password_choice: 'remove', password: 'ignored!' }).password).toBe('');
    expect(toBody({ ...values, password_choice: 'set', password: 'new secret' }).password).toBe('new secret');
    expect(formValuesOf(buildStatusPage({ protected: false })).password_choice).toBe('remove');
  });

  it('keeps the language’s default zone as "default", and any other zone as chosen', () => {
    expect(formValuesOf(buildStatusPage({ language: 'fa', time_zone: 'Asia/Tehran' })).time_zone).toBeNull();
    expect(formValuesOf(buildStatusPage({ language: 'en', time_zone: 'UTC' })).time_zone).toBeNull();
    expect(formValuesOf(buildStatusPage({ language: 'en', time_zone: 'Asia/Tehran' })).time_zone).toBe('Asia/Tehran');
  });

  it('trims text, lowercases the domain, and sends empty optional fields as null', () => {
    const body = toBody({
      ...formValuesOf(),
      slug: ' acme ',
      title: ' Acme ',
      logo_url: '  ',
      custom_domain: ' Status.Acme.TEST ',
    });
    expect(body).toMatchObject({ slug: 'acme', title: 'Acme', logo_url: null, custom_domain: 'status.acme.test' });
  });

  it('finds what the API would refuse, by the path of the field', () => {
    const values = formValuesOf(
      buildStatusPage({
        sections: [
          {
            title: 'Web',
            monitors: [
              { monitor: 7, public_name: 'Shop', show_target: false },
              { monitor: 8, public_name: '  ', show_target: false },
            ],
          },
          { title: 'Again', monitors: [{ monitor: 7, public_name: 'Shop again', show_target: false }] },
        ],
      }),
    );
    const errors = formErrorsOf({ ...values, slug: 'api', custom_domain: 'localhost' });
    expect(Object.keys(errors).sort()).toEqual([
      'custom_domain',
      'sections.0.monitors.1.public_name',
      'sections.1.monitors.0.monitor',
      'slug',
    ]);
    expect(errors['sections.1.monitors.0.monitor']).toBe('This monitor is already on the page.');
    expect(formErrorsOf(formValuesOf(buildStatusPage()))).toEqual({});
  });

  it('shows a server field under the same path, and nothing it does not know', () => {
    expect(formFieldOf('slug')).toBe('slug');
    expect(formFieldOf('sections.2.monitors.0.monitor')).toBe('sections.2.monitors.0.monitor');
    expect(formFieldOf('user_id')).toBeNull();
  });
});
