import path from 'node:path';
import { expect, test } from 'vitest';
import { loadConfig } from './config.ts';

// The cloud does not know where the web app is built: the starter says so (npm start passes
// apps/web/dist), and a cloud started without WEB_DIST serves the API alone.
test('the site is served from WEB_DIST only, never from a folder the cloud guesses', () => {
  expect(loadConfig({}).webDist).toBeNull();
  expect(loadConfig({ WEB_DIST: '' }).webDist).toBeNull();
  expect(loadConfig({ WEB_DIST: '/srv/site' }).webDist).toBe('/srv/site');
  expect(loadConfig({ WEB_DIST: 'site/dist' }).webDist).toBe(path.resolve('site/dist'));
});

test('S3_BUCKET turns the S3 store on; its companions alone are refused, not ignored', () => {
  expect(loadConfig({}).s3).toBeNull();
  expect(
    loadConfig({
      S3_BUCKET: 'files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
    }).s3,
  ).toEqual({
    bucket: 'files',
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9000',
    accessKeyId: 'id',
    secretAccessKey: 'secret',
    forcePathStyle: true,
  });
  // AWS itself: region given, credentials from the SDK's own chain.
  expect(loadConfig({ S3_BUCKET: 'files', S3_REGION: 'eu-central-1' }).s3).toMatchObject({
    region: 'eu-central-1',
    endpoint: undefined,
    accessKeyId: undefined,
    forcePathStyle: false,
  });
  expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/without S3_BUCKET/);
  expect(() => loadConfig({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'id' })).toThrow(/go together/);
  expect(() => loadConfig({ S3_BUCKET: 'files', S3_ENDPOINT: '127.0.0.1:9000' })).toThrow(
    /http\(s\) URL/,
  );
  expect(() => loadConfig({ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
    /true or false/,
  );
});

test('the scale-out settings: Redis prefix, metrics token, shutdown grace', () => {
  const defaults = loadConfig({});
  expect(defaults.redisUrl).toBeUndefined();
  expect(defaults.redisPrefix).toBe('hainiao-rl:');
  expect(defaults.metricsToken).toBeUndefined();
  expect(defaults.shutdownGraceMs).toBe(10_000);
  expect(defaults.logLevel).toBe('warn');
  const set = loadConfig({
    REDIS_URL: 'redis://10.0.0.5:6379',
    REDIS_PREFIX: 'prod:',
    METRICS_TOKEN: 'a-long-enough-token',
    SHUTDOWN_GRACE_MS: '30000',
    LOG_LEVEL: 'info',
  });
  expect(set).toMatchObject({
    redisUrl: 'redis://10.0.0.5:6379',
    redisPrefix: 'prod:',
    metricsToken: 'a-long-enough-token',
    shutdownGraceMs: 30_000,
    logLevel: 'info',
  });
  expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/16 characters/);
  expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '10s' })).toThrow(/milliseconds/);
});

test('DATABASE_NAMED_STATEMENTS: on by default, off for a pooler that cannot carry them', () => {
  expect(loadConfig({}).namedStatements).toBe(true);
  expect(loadConfig({ DATABASE_NAMED_STATEMENTS: 'off' }).namedStatements).toBe(false);
  expect(loadConfig({ DATABASE_NAMED_STATEMENTS: '0' }).namedStatements).toBe(false);
  expect(loadConfig({ DATABASE_NAMED_STATEMENTS: 'on' }).namedStatements).toBe(true);
  expect(() => loadConfig({ DATABASE_NAMED_STATEMENTS: 'sometimes' })).toThrow(/on or off/);
});
