import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('reads the command line, with defaults', () => {
    expect(loadConfig(['--server', 'https://paydar.example', '--key', 'k1'], {})).toEqual({
      serverUrl: 'https://paydar.example',
      key: 'k1',
      dataDir: 'data',
      maxBuffer: 1_000_000,
      allowPrivateTargets: false,
      logLevel: 'info',
    });
  });

  it('reads the environment, and the command line wins over it', () => {
    const env = {
      PAYDAR_SERVER_URL: 'http://10.0.0.1:3000',
      PAYDAR_PROBER_KEY: 'from-env',
      PAYDAR_MAX_BUFFER: '500',
      ALLOW_PRIVATE_TARGETS: 'true',
    };
    expect(loadConfig(['--data-dir', '/var/lib/prober'], env)).toMatchObject({
      serverUrl: 'http://10.0.0.1:3000',
      key: 'from-env',
      dataDir: '/var/lib/prober',
      maxBuffer: 500,
      allowPrivateTargets: true,
    });
    expect(loadConfig(['--key', 'from-args', '--max-buffer', '7'], env)).toMatchObject({
      key: 'from-args',
      maxBuffer: 7,
    });
  });

  it('takes the ping executable from --ping-path or PING_PATH, else leaves it to PATH', () => {
    const required = ['--server', 'https://paydar.example', '--key', 'k1'];
    expect(loadConfig(required, {}).pingPath).toBeUndefined();
    expect(loadConfig(required, { PING_PATH: '/opt/ping' }).pingPath).toBe('/opt/ping');
    expect(loadConfig([...required, '--ping-path', '/usr/bin/ping'], { PING_PATH: '/opt/ping' }).pingPath).toBe(
      '/usr/bin/ping',
    );
  });

  it('names every bad setting at once', () => {
    const error = (() => {
      try {
        loadConfig(['--server', 'ftp://x', '--max-buffer=0'], {});
      } catch (err) {
        return err as Error;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect(error?.message.split('\n')).toEqual([
      '--server: must be an http:// or https:// URL',
      '--key: is required',
      expect.stringMatching(/^--max-buffer: /),
    ]);
  });

  it('refuses an unknown option', () => {
    expect(() => loadConfig(['--sever', 'x'], {})).toThrow(ConfigError);
  });
});
