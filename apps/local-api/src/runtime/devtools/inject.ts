/**
 * Opt-in read-back noise (fingerprintNoise 1): a script that runs in every document
 * (Page.addScriptToEvaluateOnNewDocument) and every worker (Runtime.evaluate while the worker
 * waits for the debugger) before any script of the page, and shifts what canvas (flag a: canvas
 * and OffscreenCanvas read-backs), WebGL (flag b: `readPixels`) and audio (flag c: `AudioBuffer`
 * samples, analyser data) give back, deterministically per environment seed.
 *
 * It is off by default because it is detectable: however carefully the replaced functions keep
 * their native look, lie detectors find Proxy-wrapped natives (prototype-cycle and toString
 * checks) and seeded noise (a solid colour that reads back changed). Without it every value is
 * the engine's own and environments differ through native levers (fingerprint.ts).
 */
import { noiseScript } from './page-scripts.ts';

export interface InjectionConfig {
  seed: number;
  canvas: boolean;
  webgl: boolean;
  audio: boolean;
}

/** fingerprintSetting: canvas, WebGL, audio, fonts (1 = this environment's look, 0 = the machine's). */
export function fingerprintFlags(setting: string): {
  canvas: boolean;
  webgl: boolean;
  audio: boolean;
  fonts: boolean;
} {
  const [canvas, webgl, audio, fonts] = setting.split(',').map((flag) => flag.trim() !== '0');
  return {
    canvas: canvas ?? true,
    webgl: webgl ?? true,
    audio: audio ?? true,
    fonts: fonts ?? true,
  };
}

/** The noise script's settings, or undefined when the environment runs without a script. */
export function injectionConfig(
  seed: number,
  setting: string,
  noise: number,
): InjectionConfig | undefined {
  const flags = fingerprintFlags(setting);
  if (noise !== 1 || !(flags.canvas || flags.webgl || flags.audio)) return undefined;
  return { seed, canvas: flags.canvas, webgl: flags.webgl, audio: flags.audio };
}

/** The script source for `config` (page-scripts/noise.js with its settings). */
export function injectionScript(config: InjectionConfig): string {
  return noiseScript(config);
}
