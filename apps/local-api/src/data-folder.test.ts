import { expect, test } from 'vitest';
import { defaultDataDir } from './data-folder.ts';

const none = () => false;

test("each system's usual place for an application's data", () => {
  expect(
    defaultDataDir({ APPDATA: 'C:\\Users\\li\\AppData\\Roaming' }, 'win32', 'C:\\Users\\li', none),
  ).toBe('C:\\Users\\li\\AppData\\Roaming\\Hainiao');
  expect(defaultDataDir({}, 'win32', 'C:\\Users\\li', none)).toBe(
    'C:\\Users\\li\\AppData\\Roaming\\Hainiao',
  );
  expect(defaultDataDir({}, 'darwin', '/Users/li', none)).toBe(
    '/Users/li/Library/Application Support/Hainiao',
  );
  expect(defaultDataDir({ XDG_DATA_HOME: '/data/li' }, 'linux', '/home/li', none)).toBe(
    '/data/li/hainiao',
  );
  expect(defaultDataDir({}, 'linux', '/home/li', none)).toBe('/home/li/.local/share/hainiao');
  // A relative XDG_DATA_HOME is not a valid one (the XDG base directory rules).
  expect(defaultDataDir({ XDG_DATA_HOME: 'data' }, 'linux', '/home/li', none)).toBe(
    '/home/li/.local/share/hainiao',
  );
});

test('the folder of earlier versions stays in use when it holds data', () => {
  const earlier = (folder: string) => folder === '/home/li/.hainiao';
  expect(defaultDataDir({ XDG_DATA_HOME: '/data/li' }, 'linux', '/home/li', earlier)).toBe(
    '/home/li/.hainiao',
  );
});
