import { availableParallelism } from 'node:os';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl).toBe('http://localhost:8000');
    expect(config.databaseUrl).toMatch(/^sqlite:\/.*var\/cv-builder\.sqlite$/);
    expect(config.mailOutboxDir).toMatch(/var\/outbox$/);
    expect(config.smtpUrl).toBeNull();
    expect(config.mailFrom).toBe('CV Builder <no-reply@localhost>');
    expect(config.logLevel).toBe('info');
    expect(config.pdfPoolSize).toBe(2);
    expect(config.pdfTimeoutMs).toBe(15_000);
    expect(config.pdfProcessModel).toBe('multi');
    expect(loadConfig({ PDF_RENDERER_PROCESS_MODEL: 'One' }).pdfProcessModel).toBe('one');
    expect(config.webConcurrency).toBe(Math.min(64, availableParallelism()));
    expect(config.trustProxy).toBe(false);
    expect(config.secretKey).toBeUndefined();
    expect(config.googleUserinfoUrl).toBe('https://openidconnect.googleapis.com/v1/userinfo');
  });

  it('leaves ACCOUNT_LOCKOUT_LIMIT unset, and takes it only from 1 to the rule’s 50 (stricter, never looser)', () => {
    expect(loadConfig({}).accountLockoutLimit).toBeNull();
    expect(loadConfig({ ACCOUNT_LOCKOUT_LIMIT: '5' }).accountLockoutLimit).toBe(5);
    expect(() => loadConfig({ ACCOUNT_LOCKOUT_LIMIT: '51' })).toThrow(ConfigError);
    expect(() => loadConfig({ ACCOUNT_LOCKOUT_LIMIT: '0' })).toThrow(ConfigError);
  });

  it('builds PUBLIC_URL from PORT and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '9001' }).publicUrl).toBe('http://localhost:9001');
    expect(loadConfig({ PUBLIC_URL: 'https://cv.example.com/' }).publicUrl).toBe('https://cv.example.com');
  });

  it('takes WEB_CONCURRENCY as a whole number of workers from 1 to 64', () => {
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: ' 4 ' }).webConcurrency).toBe(4);
    expect(loadConfig({ WEB_CONCURRENCY: '64' }).webConcurrency).toBe(64);
    // An in-memory database lives in one process: one worker unless told otherwise (and more is refused).
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).webConcurrency).toBe(1);
  });

  it('accepts every database URL form', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).databaseUrl).toBe('sqlite::memory:');
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.sqlite' }).databaseUrl).toBe('sqlite:/tmp/x.sqlite');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/cv' }).databaseUrl).toBe(
      'postgres://u@db:5432/cv',
    );
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'ftp://example.com' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://localhost/cv' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'sqlite:' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ GOOGLE_USERINFO_URL: '::' }, 'GOOGLE_USERINFO_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ PDF_POOL_SIZE: '0' }, 'PDF_POOL_SIZE'],
    [{ PDF_TIMEOUT_MS: '1.5' }, 'PDF_TIMEOUT_MS'],
    [{ PDF_RENDERER_PROCESS_MODEL: 'single' }, 'PDF_RENDERER_PROCESS_MODEL'],
    [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '65' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: 'auto' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '2.5' }, 'WEB_CONCURRENCY'],
    [{ WEB_CONCURRENCY: '2', DATABASE_URL: 'sqlite::memory:' }, 'WEB_CONCURRENCY'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ SUPPORT_EMAIL: 'help desk' }, 'SUPPORT_EMAIL'],
  ])('rejects %o with a ConfigError naming %s', (env, variable) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as ConfigError).message).toContain(variable);
  });
});
