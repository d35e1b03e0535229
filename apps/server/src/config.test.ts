import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

describe('loadConfig', () => {
  it('fails once, listing every bad variable by name', () => {
    const bad = {
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'not a url',
      DATABASE_URL: 'nope',
      RATE_LIMITS_ENABLED: 'maybe',
      DEMO_PASSWORD: 'short',
      METRICS_TOKEN: 'too-short',
    };
    let message = '';
    try {
      loadConfig(bad);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration:/);
    for (const name of Object.keys(bad)) expect(message).toMatch(new RegExp(`^  ${name}: `, 'm'));
    // Only the bad ones: a good variable is not reported.
    expect(message).not.toContain('HOST');
    expect(message.trim().split('\n')).toHaveLength(1 + Object.keys(bad).length);
  });

  it("leaves the operators' /metrics off unless METRICS_TOKEN is set; a blank one is unset", () => {
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: '   ' }).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: ' operators-only-0123456789 ' }).METRICS_TOKEN).toBe(
      'operators-only-0123456789',
    );
  });

  it('does not echo the values it refuses, which may be secrets', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres-password-hunter2' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres-password-hunter2' })).not.toThrow(/hunter2/);
  });

  it('applies the defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
      PORT: 3000,
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
      PRODUCT_NAME: 'Paydar',
      PUBLIC_URL: 'http://localhost:3000',
      DASHBOARD_URL: 'http://localhost:3000',
      RATE_LIMITS_ENABLED: true,
      JOBS_ENABLED: true,
      SHUTDOWN_TIMEOUT_MS: 15_000,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.dataDir).toBe(path.join(repositoryRoot, 'data'));
    expect(config.webDistDir).toBe(path.join(repositoryRoot, 'apps/web/dist'));
  });

  it('reads numbers, flags, blank URLs and paths', () => {
    const config = loadConfig({
      PORT: '8080',
      TRUST_PROXY: '1',
      RATE_LIMITS_ENABLED: 'false',
      JOBS_ENABLED: '0',
      DATABASE_URL: '  ',
      SMTP_URL: ' smtp://127.0.0.1:2525 ',
      DATA_DIR: '/var/lib/paydar',
      WEB_DIST_DIR: 'off',
    });
    expect(config).toMatchObject({
      PORT: 8080,
      TRUST_PROXY: { hops: 1 },
      RATE_LIMITS_ENABLED: false,
      JOBS_ENABLED: false,
      DATABASE_URL: undefined,
      SMTP_URL: 'smtp://127.0.0.1:2525',
      dataDir: '/var/lib/paydar',
      webDistDir: undefined,
    });
  });

  it('reads the session lifetimes, refusing an idle limit longer than the maximum age', () => {
    expect(loadConfig({})).toMatchObject({ SESSION_IDLE_DAYS: 30, SESSION_MAX_AGE_DAYS: 90 });
    expect(loadConfig({ SESSION_IDLE_DAYS: '7', SESSION_MAX_AGE_DAYS: '14' })).toMatchObject({
      SESSION_IDLE_DAYS: 7,
      SESSION_MAX_AGE_DAYS: 14,
    });
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '60', SESSION_MAX_AGE_DAYS: '30' })).toThrow(/SESSION_IDLE_DAYS/);
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '0' })).toThrow(/SESSION_IDLE_DAYS/);
  });

  it('reads relative paths from the repository root, whatever the working directory', () => {
    expect(loadConfig({ DATA_DIR: './somewhere' }).dataDir).toBe(path.join(repositoryRoot, 'somewhere'));
  });

  it('points the public and dashboard URLs at the port when they are not set', () => {
    expect(loadConfig({ PORT: '3333' })).toMatchObject({
      PUBLIC_URL: 'http://localhost:3333',
      DASHBOARD_URL: 'http://localhost:3333',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://api.example.com' }).DASHBOARD_URL).toBe('https://api.example.com');
    expect(
      loadConfig({ PUBLIC_URL: 'https://api.example.com', DASHBOARD_URL: 'https://app.example.com' }),
    ).toMatchObject({
      PUBLIC_URL: 'https://api.example.com',
      DASHBOARD_URL: 'https://app.example.com',
    });
  });
});
