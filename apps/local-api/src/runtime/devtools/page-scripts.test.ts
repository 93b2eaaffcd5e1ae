/**
 * The page scripts as plain JavaScript, run in a fresh V8 context (node:vm) where no browser is
 * needed: the browser tests check them in Chromium.
 */
import vm from 'node:vm';
import { expect, test } from 'vitest';
import { injectionScript } from './inject.ts';
import { CHECK_PAGE, HIDE_IMAGES_SCRIPT, userScript } from './page-scripts.ts';

/** A context with an AudioBuffer whose samples are all 0.5, defined inside the context. */
function audioContext() {
  const context = vm.createContext({});
  vm.runInContext(
    `globalThis.AudioBuffer = class AudioBuffer {
       getChannelData() { return new Float32Array(64).fill(0.5); }
     };`,
    context,
  );
  return context;
}

const samples = (context: vm.Context) =>
  Array.from(vm.runInContext('new AudioBuffer().getChannelData(0)', context) as Float32Array);

test('the noise shifts audio samples per seed, and the replaced method still looks native', () => {
  const plain = audioContext();
  const nativeText = vm.runInContext('AudioBuffer.prototype.getChannelData.toString()', plain);
  const seeded = (seed: number) => {
    const context = audioContext();
    vm.runInContext(injectionScript({ seed, canvas: false, webgl: false, audio: true }), context);
    return context;
  };
  const a = seeded(1);
  const changed = samples(a).filter((value) => value !== 0.5);
  expect(changed.length).toBeGreaterThan(0);
  expect(changed.every((value) => Math.abs(value - 0.5) < 1e-6)).toBe(true);
  // Deterministic per seed, different between seeds.
  expect(samples(seeded(1))).toEqual(samples(a));
  expect(samples(seeded(2))).not.toEqual(samples(a));
  expect(vm.runInContext('AudioBuffer.prototype.getChannelData.toString()', a)).toBe(nativeText);
  // Audio off: the samples stay the engine's.
  const off = audioContext();
  vm.runInContext(injectionScript({ seed: 1, canvas: true, webgl: true, audio: false }), off);
  expect(samples(off).every((value) => value === 0.5)).toBe(true);
});

test('the active script runs once the document is parsed, as written, its errors only logged', () => {
  const run = (readyState: string, source: string) => {
    const log: string[] = [];
    const listeners: (() => void)[] = [];
    const context = vm.createContext({
      log,
      console: { error: (error: Error) => log.push(`error: ${error.message}`) },
      document: {
        readyState,
        addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
      },
    });
    vm.runInContext(userScript(source), context);
    return { log, parsed: () => listeners.forEach((listener) => listener()) };
  };
  // `$&` is the user's text, not a replacement pattern; a trailing line comment stays harmless.
  const done = run('complete', "log.push('$&'); // the end");
  expect(done.log).toEqual(['$&']);
  const loading = run('loading', "log.push('ran');");
  expect(loading.log).toEqual([]);
  loading.parsed();
  expect(loading.log).toEqual(['ran']);
  expect(run('complete', "throw new Error('oops');").log).toEqual(['error: oops']);
});

test('the image hider and the check page', () => {
  const appended: { textContent: string }[] = [];
  const context = vm.createContext({
    document: {
      documentElement: {},
      head: { appendChild: (node: { textContent: string }) => appended.push(node) },
      createElement: () => ({ textContent: '' }),
    },
  });
  vm.runInContext(HIDE_IMAGES_SCRIPT, context);
  expect(appended.map((node) => node.textContent)).toEqual([
    'img,picture,svg image,[style*="background-image"]{visibility:hidden!important}',
  ]);
  const page = decodeURIComponent(CHECK_PAGE.slice('data:text/html;charset=utf-8,'.length));
  expect(page).toMatch(/^<!doctype html><title>Hainiao fingerprint check<\/title>/);
  expect(page).toContain("'WebGL renderer'");
});
