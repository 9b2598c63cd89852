import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'production',
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Agora <no-reply@localhost>',
      s3: undefined,
      sessionTtlDays: 30,
      logLevel: 'info',
      signInLimits: { perPair: 10, perIp: 100, windowMs: 15 * 60 * 1000 },
      trustProxy: false,
    });
    expect(path.isAbsolute(config.webDistDir)).toBe(true);
  });

  it('generates a session secret when none is set, a new one each time', () => {
    const a = loadConfig({});
    const b = loadConfig({});
    expect(a.sessionSecretGenerated).toBe(true);
    expect(a.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(a.sessionSecret).not.toBe(b.sessionSecret);
    const set = loadConfig({ SESSION_SECRET: 'x'.repeat(32) });
    expect(set).toMatchObject({ sessionSecret: 'x'.repeat(32), sessionSecretGenerated: false });
  });

  it('coerces numbers from their text, and the default public URL follows the port', () => {
    const config = loadConfig({ PORT: '8080', SESSION_TTL_DAYS: '7', SIGN_IN_LIMIT_PER_ADDRESS: '3' });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.sessionTtlDays).toBe(7);
    expect(config.signInLimits.perPair).toBe(3);
  });

  it('refuses a port that is not one, naming the variable', () => {
    for (const PORT of ['http', '70000', '-1', '80.5']) {
      expect(() => loadConfig({ PORT }), PORT).toThrow(ConfigError);
      expect(() => loadConfig({ PORT }), PORT).toThrow(/PORT/);
    }
  });

  it('takes an empty variable as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', LOG_LEVEL: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.logLevel).toBe('info');
  });

  it('refuses an unknown LOG_LEVEL with a ConfigError that names the variable', () => {
    let thrown: unknown;
    try {
      loadConfig({ LOG_LEVEL: 'verbose' });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message).toMatch(/^\s*LOG_LEVEL:/m);
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
  });

  it('refuses a session secret that is too short', () => {
    expect(() => loadConfig({ SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });

  it('configures S3 only when a bucket is set', () => {
    expect(loadConfig({ S3_ENDPOINT: 'http://minio:9000', S3_ACCESS_KEY_ID: 'key' }).s3).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'agora',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).s3,
    ).toEqual({
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'agora',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(
      loadConfig({ S3_BUCKET: 'agora', S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'false' }).s3,
    ).toMatchObject({
      region: 'eu-central-1',
      forcePathStyle: false,
      endpoint: undefined,
    });
  });

  it('reads the upload limit and the virus scanner socket', () => {
    expect(loadConfig({})).toMatchObject({ uploadMaxBytes: 2 * 1024 ** 3, clamdSocket: undefined });
    expect(loadConfig({ UPLOAD_MAX_BYTES: '1048576', CLAMD_SOCKET: '/run/clamav/clamd.ctl' })).toMatchObject({
      uploadMaxBytes: 1048576,
      clamdSocket: '/run/clamav/clamd.ctl',
    });
    expect(() => loadConfig({ UPLOAD_MAX_BYTES: '0' })).toThrow(/UPLOAD_MAX_BYTES/);
  });

  it('reads the translation service and its key, none without a URL', () => {
    expect(loadConfig({}).translation).toBeUndefined();
    expect(loadConfig({ TRANSLATION_URL: '', TRANSLATION_API_KEY: 'k' }).translation).toBeUndefined();
    expect(loadConfig({ TRANSLATION_URL: 'http://libretranslate:5000/' }).translation).toEqual({
      url: 'http://libretranslate:5000',
      apiKey: undefined,
    });
    expect(loadConfig({ TRANSLATION_URL: 'https://lt.example.org', TRANSLATION_API_KEY: 'k' }).translation).toEqual({
      url: 'https://lt.example.org',
      apiKey: 'k',
    });
    expect(() => loadConfig({ TRANSLATION_URL: 'libretranslate' })).toThrow(/TRANSLATION_URL/);
  });

  it('removes the trailing slash of the public URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://agora.example.org/' }).publicUrl).toBe('https://agora.example.org');
    expect(loadConfig({ PUBLIC_URL: 'https://example.org/agora/' }).publicUrl).toBe('https://example.org/agora');
    expect(loadConfig({ PUBLIC_URL: 'https://agora.example.org' }).publicUrl).toBe('https://agora.example.org');
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
  });

  it('reads which proxies to trust: none, a number of hops (true is one) or their addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/8,fd00::/8' }).trustProxy).toEqual({
      addresses: ['10.0.0.1', '10.0.0.0/8', 'fd00::/8'],
    });
    for (const TRUST_PROXY of ['yes', '10.0.0.1/33', '10.0.0.1,proxy.internal', ',', '1000']) {
      expect(() => loadConfig({ TRUST_PROXY }), TRUST_PROXY).toThrow(/TRUST_PROXY/);
    }
  });

  it('treats empty service URLs as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', REDIS_URL: '', SMTP_URL: '' });
    expect(config).toMatchObject({ databaseUrl: undefined, redisUrl: undefined, smtpUrl: undefined });
  });

  it('resolves the web app directory it is given', () => {
    expect(loadConfig({ WEB_DIST_DIR: 'some/dist' }).webDistDir).toBe(path.resolve('some/dist'));
  });
});
