/**
 * The part of the fingerprint that DevTools has no override for, as a script that runs in every
 * document (Page.addScriptToEvaluateOnNewDocument) and every worker (Runtime.evaluate while the
 * worker waits for the debugger) before any script of the page:
 *
 * - navigator.deviceMemory, platform and hardwareConcurrency (pages also get the last two from
 *   Emulation overrides, which do not reach workers); in workers the languages too;
 * - WebGL's unmasked vendor and renderer (FingerPrint_Setting flag 2);
 * - canvas read-back noise (flag 1) and audio sample noise (flag 3), both deterministic per
 *   environment seed so a site sees the same values on every visit and restart, and different
 *   ones for every environment;
 * - on iOS, no navigator.userAgentData (Chrome on iOS is WebKit and has none).
 *
 * Replaced functions keep the native look: their `toString()`, name and length are the
 * originals', and the patch leaves no global behind.
 */
import type { StoredFingerprint } from './fingerprint.ts';

export interface InjectionConfig {
  seed: number;
  platform: string;
  hardwareConcurrency: number;
  deviceMemory: number;
  languages: string[];
  webgl?: { vendor: string; renderer: string };
  canvas: boolean;
  audio: boolean;
  noUserAgentData: boolean;
}

/** FingerPrint_Setting: canvas, WebGL, audio, fonts (1 = protected, 0 = the real machine's). */
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

export function injectionConfig(
  fingerprint: StoredFingerprint,
  setting: string,
  languages: string[],
): InjectionConfig {
  const flags = fingerprintFlags(setting);
  return {
    seed: fingerprint.seed,
    platform: fingerprint.navigatorPlatform,
    hardwareConcurrency: fingerprint.hardwareConcurrency,
    deviceMemory: fingerprint.deviceMemory,
    languages,
    ...(flags.webgl ? { webgl: fingerprint.webgl } : {}),
    canvas: flags.canvas,
    audio: flags.audio,
    noUserAgentData: fingerprint.uaPlatform.platform === 'iOS',
  };
}

/* eslint-disable -- the body below runs in the browser, not in Node */
function patch(config: InjectionConfig) {
  const g = globalThis as any;
  const isWorker = typeof g.WorkerGlobalScope === 'function' && g instanceof g.WorkerGlobalScope;
  const nativeToString = Function.prototype.toString;
  const disguised = new WeakMap<object, string>();
  const toString = new Proxy(nativeToString, {
    apply(target, self, args) {
      const text = disguised.get(self);
      return text !== undefined ? text : Reflect.apply(target, self, args);
    },
  });
  disguised.set(toString, nativeToString.call(nativeToString));
  Object.defineProperty(Function.prototype, 'toString', {
    value: toString,
    writable: true,
    configurable: true,
    enumerable: false,
  });

  /** Replaces `proto[name]` (a method) keeping its native look. */
  function method(proto: any, name: string, make: (original: Function) => Function) {
    const descriptor = proto && Object.getOwnPropertyDescriptor(proto, name);
    if (!descriptor || typeof descriptor.value !== 'function') return;
    const original = descriptor.value;
    const replacement = make(original);
    const proxy = new Proxy(original, {
      apply(_target, self, args) {
        return replacement.apply(self, args);
      },
    });
    disguised.set(proxy, nativeToString.call(original));
    Object.defineProperty(proto, name, { ...descriptor, value: proxy });
  }

  /** Replaces the getter of `proto[name]` keeping its native look. */
  function getter(
    proto: any,
    name: string,
    value: (original: () => unknown, self: any) => unknown,
  ) {
    const descriptor = proto && Object.getOwnPropertyDescriptor(proto, name);
    if (!descriptor || typeof descriptor.get !== 'function') return;
    const original = descriptor.get;
    const proxy = new Proxy(original, {
      apply(target, self, args) {
        // Wrong receivers throw exactly as the original does.
        const real = Reflect.apply(target, self, args);
        return value(() => real, self);
      },
    });
    disguised.set(proxy, nativeToString.call(original));
    Object.defineProperty(proto, name, { ...descriptor, get: proxy });
  }

  const nav = isWorker ? g.WorkerNavigator?.prototype : g.Navigator?.prototype;
  getter(nav, 'deviceMemory', () => config.deviceMemory);
  // Pages get these from DevTools overrides too; another client's session can reset those.
  getter(nav, 'platform', () => config.platform);
  getter(nav, 'hardwareConcurrency', () => config.hardwareConcurrency);
  if (isWorker) {
    const languages = Object.freeze([...config.languages]);
    getter(nav, 'languages', () => languages);
    getter(nav, 'language', () => config.languages[0]);
  }
  if (config.noUserAgentData && nav && 'userAgentData' in nav) {
    delete nav.userAgentData;
  }

  const mix = (index: number) => {
    let h = (config.seed ^ Math.imul(index + 0x9e3779b9, 0x85ebca6b)) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
    h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
    return (h ^ (h >>> 16)) >>> 0;
  };

  if (config.webgl) {
    const { vendor, renderer } = config.webgl;
    for (const name of ['WebGLRenderingContext', 'WebGL2RenderingContext']) {
      method(
        g[name]?.prototype,
        'getParameter',
        (original) =>
          function (this: any, parameter: number) {
            if (parameter === 0x9245) return vendor;
            if (parameter === 0x9246) return renderer;
            return original.call(this, parameter);
          },
      );
    }
  }

  if (config.canvas) {
    /** Flips the low bit of a seeded sixth of the visible pixels' colour channels. */
    const noise = (data: Uint8ClampedArray, width: number) => {
      for (let i = 0; i < data.length; i += 4) {
        if (data[i + 3] === 0) continue;
        const pixel = i >> 2;
        const h = mix(((pixel % width) * 7919) ^ Math.floor(pixel / width));
        if (h % 6 !== 0) continue;
        const channel = i + ((h >>> 3) % 3);
        data[channel] = data[channel]! ^ 1;
      }
    };
    const ctx2d = g.CanvasRenderingContext2D?.prototype;
    const offctx2d = g.OffscreenCanvasRenderingContext2D?.prototype;
    const getImageData = (ctx2d ?? offctx2d)?.getImageData as Function | undefined;
    const putImageData = (ctx2d ?? offctx2d)?.putImageData as Function | undefined;
    for (const proto of [ctx2d, offctx2d]) {
      method(
        proto,
        'getImageData',
        (original) =>
          function (this: any, ...args: unknown[]) {
            const image = original.apply(this, args);
            noise(image.data, image.width);
            return image;
          },
      );
    }
    /** A noised copy of a canvas (an element for elements), or undefined when unreadable. */
    const noisedCopy = (canvas: any) => {
      const { width, height } = canvas;
      if (!width || !height || !getImageData || !putImageData) return undefined;
      const element = g.HTMLCanvasElement && canvas instanceof g.HTMLCanvasElement;
      const copy = element
        ? g.document.createElement('canvas')
        : new g.OffscreenCanvas(width, height);
      copy.width = width;
      copy.height = height;
      const context = copy.getContext('2d');
      if (!context) return undefined;
      context.drawImage(canvas, 0, 0);
      const image = getImageData.call(context, 0, 0, width, height);
      noise(image.data, width);
      putImageData.call(context, image, 0, 0);
      return copy;
    };
    const readBack = (original: Function) =>
      function (this: any, ...args: unknown[]) {
        let copy: any;
        try {
          copy = noisedCopy(this);
        } catch {
          copy = undefined;
        }
        return original.apply(copy ?? this, args);
      };
    method(g.HTMLCanvasElement?.prototype, 'toDataURL', readBack);
    method(g.HTMLCanvasElement?.prototype, 'toBlob', readBack);
    method(g.OffscreenCanvas?.prototype, 'convertToBlob', readBack);
    for (const name of ['WebGLRenderingContext', 'WebGL2RenderingContext']) {
      method(
        g[name]?.prototype,
        'readPixels',
        (original) =>
          function (this: any, ...args: any[]) {
            const result = original.apply(this, args);
            const pixels = args[6];
            if (pixels instanceof Uint8Array && typeof args[2] === 'number') {
              noise(pixels as unknown as Uint8ClampedArray, Math.max(1, args[2]));
            }
            return result;
          },
      );
    }
  }

  if (config.audio) {
    const noised = new WeakSet<object>();
    const shift = (samples: Float32Array) => {
      if (noised.has(samples)) return;
      noised.add(samples);
      for (let i = 0; i < samples.length; i += 1) {
        const h = mix(i);
        if (h % 5 !== 0) continue;
        samples[i] = samples[i]! + (h % 2 ? 1 : -1) * ((h >>> 8) % 1000) * 1e-10;
      }
    };
    method(
      g.AudioBuffer?.prototype,
      'getChannelData',
      (original) =>
        function (this: any, ...args: unknown[]) {
          const samples = original.apply(this, args);
          shift(samples);
          return samples;
        },
    );
    method(
      g.AudioBuffer?.prototype,
      'copyFromChannel',
      (original) =>
        function (this: any, ...args: any[]) {
          const result = original.apply(this, args);
          if (args[0] instanceof Float32Array) shift(args[0]);
          return result;
        },
    );
    method(
      g.AnalyserNode?.prototype,
      'getFloatFrequencyData',
      (original) =>
        function (this: any, ...args: any[]) {
          const result = original.apply(this, args);
          if (args[0] instanceof Float32Array) {
            const data = args[0];
            for (let i = 0; i < data.length; i += 1) {
              const h = mix(i);
              if (h % 7 === 0) data[i] = data[i]! + ((h >>> 8) % 100) * 1e-7;
            }
          }
          return result;
        },
    );
  }
}
/* eslint-enable */

/** The script source for `config`. */
export function injectionScript(config: InjectionConfig): string {
  // A local __name: some transpilers wrap inner functions in a helper of that name.
  return `(() => { const __name = (f) => f; (${patch.toString()})(${JSON.stringify(config)}); })();`;
}
