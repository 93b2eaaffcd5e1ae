/**
 * The scripts and pages the service puts into an environment's browser, kept as plain files in
 * `page-scripts/` (read once at load: they run in the browser, never in Node).
 */
import fs from 'node:fs';

const read = (name: string) =>
  fs.readFileSync(new URL(`./page-scripts/${name}`, import.meta.url), 'utf8').trimEnd();

/** forceCheckPage 1: a check page of what sites see of this environment (a data: URL). */
export const CHECK_PAGE =
  'data:text/html;charset=utf-8,' + encodeURIComponent(read('check-page.html'));

/** invisibleImages 1: hides images and background images in every document. */
export const HIDE_IMAGES_SCRIPT = read('hide-images.js');

const USER_SCRIPT = read('user-script.js');
const SCRIPT_SLOT = '/* SCRIPT */';

/** The active script of an environment, run in every page once its document is parsed. */
export function userScript(source: string): string {
  // A function, so that `$&` and the like in the user's source stay as they are.
  return USER_SCRIPT.replace(SCRIPT_SLOT, () => source);
}

const NOISE_SCRIPT = read('noise.js');

/** The opt-in read-back noise (inject.ts) with its settings. */
export function noiseScript(config: object): string {
  return NOISE_SCRIPT.replace('/* CONFIG */', () => JSON.stringify(config));
}

/**
 * The self-check (runtime/self-check/self-check.ts): the lie detector, which the lie-detector tests serve too
 * (test/lie-detector/pages.ts), and the page, frame and worker scripts that run it in every realm.
 */
export const SELF_CHECK_SCRIPTS = {
  detector: read('self-check-detector.js'),
  page: read('self-check-page.js'),
  frame: read('self-check-frame.js'),
  worker: read('self-check-worker.js'),
} as const;
