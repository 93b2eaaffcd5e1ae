/*
 * FingerPrint_Noise 1 (inject.ts): shifts what canvas, WebGL and audio read-backs give, seeded per
 * environment. It runs before any script of the document or worker; the functions it replaces
 * keep their native look (toString). The settings come in where the call's argument is.
 */
((config) => {
  const g = globalThis;
  const nativeToString = Function.prototype.toString;
  const disguised = new WeakMap();
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
  function method(proto, name, make) {
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

  const mix = (index) => {
    let h = (config.seed ^ Math.imul(index + 0x9e3779b9, 0x85ebca6b)) >>> 0;
    h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
    h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
    return (h ^ (h >>> 16)) >>> 0;
  };

  /** Flips the low bit of a seeded sixth of the visible pixels' colour channels. */
  const noise = (data, width) => {
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] === 0) continue;
      const pixel = i >> 2;
      const h = mix(((pixel % width) * 7919) ^ Math.floor(pixel / width));
      if (h % 6 !== 0) continue;
      const channel = i + ((h >>> 3) % 3);
      data[channel] = data[channel] ^ 1;
    }
  };

  if (config.canvas) {
    const ctx2d = g.CanvasRenderingContext2D?.prototype;
    const offctx2d = g.OffscreenCanvasRenderingContext2D?.prototype;
    const getImageData = (ctx2d ?? offctx2d)?.getImageData;
    const putImageData = (ctx2d ?? offctx2d)?.putImageData;
    for (const proto of [ctx2d, offctx2d]) {
      method(
        proto,
        'getImageData',
        (original) =>
          function (...args) {
            const image = original.apply(this, args);
            noise(image.data, image.width);
            return image;
          },
      );
    }
    /** A noised copy of a canvas (an element for elements), or undefined when unreadable. */
    const noisedCopy = (canvas) => {
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
    const readBack = (original) =>
      function (...args) {
        let copy;
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
  }

  if (config.webgl) {
    for (const name of ['WebGLRenderingContext', 'WebGL2RenderingContext']) {
      method(
        g[name]?.prototype,
        'readPixels',
        (original) =>
          function (...args) {
            const result = original.apply(this, args);
            const pixels = args[6];
            if (pixels instanceof Uint8Array && typeof args[2] === 'number') {
              noise(pixels, Math.max(1, args[2]));
            }
            return result;
          },
      );
    }
  }

  if (config.audio) {
    const noised = new WeakSet();
    const shift = (samples) => {
      if (noised.has(samples)) return;
      noised.add(samples);
      for (let i = 0; i < samples.length; i += 1) {
        const h = mix(i);
        if (h % 5 !== 0) continue;
        samples[i] = samples[i] + (h % 2 ? 1 : -1) * ((h >>> 8) % 1000) * 1e-10;
      }
    };
    method(
      g.AudioBuffer?.prototype,
      'getChannelData',
      (original) =>
        function (...args) {
          const samples = original.apply(this, args);
          shift(samples);
          return samples;
        },
    );
    method(
      g.AudioBuffer?.prototype,
      'copyFromChannel',
      (original) =>
        function (...args) {
          const result = original.apply(this, args);
          if (args[0] instanceof Float32Array) shift(args[0]);
          return result;
        },
    );
    method(
      g.AnalyserNode?.prototype,
      'getFloatFrequencyData',
      (original) =>
        function (...args) {
          const result = original.apply(this, args);
          if (args[0] instanceof Float32Array) {
            const data = args[0];
            for (let i = 0; i < data.length; i += 1) {
              const h = mix(i);
              if (h % 7 === 0) data[i] = data[i] + ((h >>> 8) % 100) * 1e-7;
            }
          }
          return result;
        },
    );
  }
})(/* CONFIG */);
