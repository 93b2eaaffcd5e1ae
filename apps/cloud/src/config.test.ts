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
