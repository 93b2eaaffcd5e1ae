/**
 * Hainiao fingerprint lie detector: a plain script (no imports, no build step) that runs unchanged
 * in a window, an iframe and a dedicated, shared or service worker. It defines one global,
 * `hainiaoLieDetector`, whose `run(scope, { ignoreGlobals })` answers
 *   { scope, findings: [{ api, check, detail? }], values: { ... } }
 * where findings are traces of patched APIs (natives replaced by scripts or wrapped in Proxies,
 * read-backs with noise, DevTools traces) and values are what this realm presents, for comparing
 * realms with each other.
 *
 * Two users, one copy: the self-check call (runtime/self-check/self-check.ts, POST /api/v1/session/self_check)
 * and the lie-detector tests (test/lie-detector/pages.ts), both through page-scripts.ts.
 */
(() => {
  'use strict';

  const G = globalThis;
  // Our own tools, taken once so that later changes by the page cannot steer the detector.
  const { apply, ownKeys, getPrototypeOf } = Reflect;
  const reflectSetPrototypeOf = Reflect.setPrototypeOf;
  const { create, defineProperty, getOwnPropertyDescriptor, getOwnPropertyNames } = Object;
  const objectSetPrototypeOf = Object.setPrototypeOf;
  const hasOwnProperty = Object.prototype.hasOwnProperty;
  const hasOwn = (object, key) => apply(hasOwnProperty, object, [key]);
  const NativeTypeError = TypeError;
  const NativeError = Error;
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  const isWindow = typeof Window === 'function' && typeof document === 'object' && G === G.window;
  const TO_STRING_RECEIVER = "Function.prototype.toString requires that 'this' be a Function";
  // A stack line of a native builtin: no source position ("at Object.toString (<anonymous>)").
  const NATIVE_FRAME = /\((?:<anonymous>|native)\)$|\(index \d+\)$/;
  const FRAME = /^\s*at /;

  const native = (name) => `function ${name}() { [native code] }`;
  const errorText = (e) => {
    try {
      return e instanceof NativeError
        ? `${e.name}: ${e.message}`
        : `non-Error thrown: ${String(e)}`;
    } catch {
      return 'unprintable error';
    }
  };
  const printed = (fn) => {
    try {
      return apply(Function.prototype.toString, fn, []);
    } catch (e) {
      return errorText(e);
    }
  };
  const brief = (value) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return text && text.length > 300 ? `${text.slice(0, 300)}…` : text;
  };

  // The named probes below are the frames that must come right after the native code in a stack:
  // a wrapper (a Proxy's apply trap, a replaced getter) adds frames of its own in between.
  function hainiaoProbeCall(fn, receiver) {
    return apply(fn, receiver, []);
  }
  function hainiaoProbeGet(object, key) {
    return object[key];
  }
  function hainiaoProbeToString(object) {
    return object.toString();
  }
  function hainiaoProbeConcat(object) {
    return object + '';
  }
  function hainiaoProbeStack() {
    return new NativeError('probe').stack;
  }

  /** Frames between the throw and the probe that are not natives ('' when clean). */
  function extraFrames(error, probe) {
    const stack = error && typeof error.stack === 'string' ? error.stack : '';
    const frames = stack.split('\n').filter((line) => FRAME.test(line));
    const at = frames.findIndex((line) => line.includes(probe));
    if (at < 0) return frames.length ? `no ${probe} frame: ${frames[0].trim()}` : 'no stack frames';
    return frames
      .slice(0, at)
      .filter((line) => !NATIVE_FRAME.test(line))
      .map((line) => line.trim())
      .join(' | ');
  }

  // The interfaces whose members are checked. `es` marks ECMAScript builtins: not enumerable,
  // and their foreign-receiver errors are V8's own (the regex), not WebIDL's "Illegal invocation".
  function interfaces() {
    const list = [];
    const add = (label, owner, options = {}) => {
      if (owner) list.push({ label, owner, ...options });
    };
    const proto = (name) => (typeof G[name] === 'function' ? G[name].prototype : undefined);
    if (typeof Navigator === 'function')
      add('Navigator', Navigator.prototype, { instance: () => navigator });
    else add('WorkerNavigator', proto('WorkerNavigator'), { instance: () => navigator });
    add('Screen', proto('Screen'), { instance: () => G.screen });
    add('HTMLCanvasElement', proto('HTMLCanvasElement'), { instance: (k) => k.canvas });
    add('CanvasRenderingContext2D', proto('CanvasRenderingContext2D'), {
      instance: (k) => k.ctx2d,
    });
    add('OffscreenCanvas', proto('OffscreenCanvas'), { instance: (k) => k.offscreen });
    add('OffscreenCanvasRenderingContext2D', proto('OffscreenCanvasRenderingContext2D'), {
      instance: (k) => k.offscreen2d,
    });
    add('WebGLRenderingContext', proto('WebGLRenderingContext'), { instance: (k) => k.webgl });
    add('WebGL2RenderingContext', proto('WebGL2RenderingContext'), { instance: (k) => k.webgl2 });
    add('AudioBuffer', proto('AudioBuffer'), { instance: (k) => k.audioBuffer });
    add('AnalyserNode', proto('AnalyserNode'), { instance: (k) => k.analyser });
    add('BaseAudioContext', proto('BaseAudioContext'), { instance: (k) => k.offlineAudio });
    add('OfflineAudioContext', proto('OfflineAudioContext'), { instance: (k) => k.offlineAudio });
    add('Intl.DateTimeFormat', Intl.DateTimeFormat.prototype, {
      keys: ['resolvedOptions'],
      // V8 names its internal unwrapping step in the message.
      es: /^Method (?:UnwrapDateTimeFormat|Intl\.DateTimeFormat\.prototype\.resolvedOptions) called on incompatible receiver #<Object>$/,
    });
    add('Date', Date.prototype, {
      keys: ['getTimezoneOffset'],
      es: /^this is not a Date object\.$/,
    });
    add('Element', proto('Element'), { keys: ['getBoundingClientRect', 'getClientRects'] });
    add('Document', proto('Document'), { keys: ['hasFocus'] });
    if (isWindow) {
      const owner = hasOwn(Window.prototype, 'matchMedia') ? Window.prototype : G;
      add('Window', owner, { keys: ['matchMedia'] });
    }
    // A static attribute reads without a receiver check, so it answers on any `this`.
    add('Notification', G.Notification, { keys: ['permission'], isStatic: true });
    add('Permissions', proto('Permissions'), {
      keys: ['query'],
      instance: () => navigator.permissions,
    });
    add('NavigatorUAData', proto('NavigatorUAData'), { instance: () => navigator.userAgentData });
    add('Function.prototype', Function.prototype, {
      keys: ['toString'],
      es: new RegExp(`^${TO_STRING_RECEIVER.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
    });
    return list;
  }

  function membersOf(spec) {
    const members = [];
    for (const key of spec.keys || getOwnPropertyNames(spec.owner)) {
      if (key === 'constructor') continue;
      const desc = getOwnPropertyDescriptor(spec.owner, key);
      if (!desc) continue;
      if (typeof desc.get === 'function') members.push({ key, kind: 'getter', fn: desc.get, desc });
      else if (typeof desc.value === 'function')
        members.push({ key, kind: 'method', fn: desc.value, desc });
    }
    return members;
  }

  async function run(scope, options = {}) {
    // Taken before the first await, while the caller's own frames are still on the stack.
    const entryStack = hainiaoProbeStack();
    const findings = [];
    const values = {};
    const seen = new Set();
    const lie = (api, check, detail) => {
      const id = `${api}\u0000${check}\u0000${detail ?? ''}`;
      if (seen.has(id)) return;
      seen.add(id);
      findings.push(
        detail === undefined || detail === ''
          ? { api, check }
          : { api, check, detail: brief(detail) },
      );
    };
    const guard = async (api, section) => {
      try {
        await section();
      } catch (e) {
        lie(api, 'detector-error', errorText(e));
      }
    };

    const savedLimit = NativeError.stackTraceLimit;
    NativeError.stackTraceLimit = Math.max(30, Number(savedLimit) || 0);
    let frame;
    try {
      // A fresh same-origin about:blank iframe: another realm of this page to compare with.
      if (isWindow) {
        try {
          frame = document.createElement('iframe');
          frame.style.cssText = 'position:absolute;width:0;height:0;border:0;visibility:hidden';
          (document.body || document.documentElement).appendChild(frame);
        } catch (e) {
          lie('HTMLIFrameElement', 'detector-error', errorText(e));
          frame = undefined;
        }
      }
      const other = frame && frame.contentWindow;
      const kit = await instances();

      await guard('functions', () => checkFunctions(lie, other, kit));
      await guard('Error', () => checkErrorConstructor(lie, other));
      await guard('noise', () => checkNoise(lie, kit));
      await guard('values', () => collectValues(values, kit));
      if (other) await guard('iframe-value', () => checkIframeValues(lie, other));
      if (isWindow) {
        await guard('globals', () => checkGlobals(lie, other, options.ignoreGlobals || []));
        await guard('cdp-runtime', () => checkConsoleProbes(lie));
      }
      await guard('stack-frames', () => checkStackFrames(lie, entryStack));
      releaseInstances(kit);
    } finally {
      NativeError.stackTraceLimit = savedLimit;
      if (frame) frame.remove();
    }
    return { scope: String(scope), findings, values };
  }

  /** One instance of each interface, for the own-property checks and the values. */
  async function instances() {
    const kit = {};
    const attempt = (fn) => {
      try {
        return fn();
      } catch {
        return undefined;
      }
    };
    if (isWindow) {
      kit.canvas = document.createElement('canvas');
      kit.ctx2d = kit.canvas.getContext('2d');
      kit.glCanvas = document.createElement('canvas');
      kit.webglElement = attempt(() => kit.glCanvas.getContext('webgl'));
    }
    if (typeof OffscreenCanvas === 'function') {
      kit.offscreen = new OffscreenCanvas(16, 16);
      kit.offscreen2d = kit.offscreen.getContext('2d');
      kit.webgl = attempt(() =>
        new OffscreenCanvas(64, 64).getContext('webgl', { preserveDrawingBuffer: true }),
      );
      kit.webgl2 = attempt(() => new OffscreenCanvas(16, 16).getContext('webgl2'));
    }
    if (typeof AudioBuffer === 'function') {
      kit.audioBuffer = attempt(() => new AudioBuffer({ length: 1, sampleRate: 44100 }));
    }
    if (typeof OfflineAudioContext === 'function') {
      kit.offlineAudio = attempt(() => new OfflineAudioContext(1, 128, 44100));
      kit.analyser = kit.offlineAudio && attempt(() => kit.offlineAudio.createAnalyser());
    }
    return kit;
  }

  function releaseInstances(kit) {
    for (const gl of [kit.webgl, kit.webgl2, kit.webglElement]) {
      try {
        const lose = gl && gl.getExtension('WEBGL_lose_context');
        if (lose) lose.loseContext();
      } catch {
        // already lost
      }
    }
  }

  async function checkFunctions(lie, other, kit) {
    const otherToString = other && other.Function.prototype.toString;
    for (const spec of interfaces()) {
      let instance;
      try {
        instance = spec.instance && spec.instance(kit);
        if (instance && typeof instance === 'object') {
          const own = getOwnPropertyNames(instance);
          if (own.length) lie(spec.label, 'own-property', own.join(','));
        }
      } catch (e) {
        lie(spec.label, 'detector-error', errorText(e));
      }
      for (const member of membersOf(spec)) {
        const api = `${spec.label}.${member.key}`;
        const name = member.kind === 'getter' ? `get ${member.key}` : member.key;
        // A native never makes these checks throw; a trap that does is itself a trace.
        try {
          checkShape(lie, api, member.fn, name, otherToString);
          await checkReceiver(lie, api, member, spec);
          checkDescriptor(lie, api, member, spec, otherToString);
          if (instance && typeof instance === 'object' && hasOwn(instance, member.key)) {
            lie(api, 'own-property', 'defined on the instance');
          }
        } catch (e) {
          lie(api, 'detector-error', errorText(e));
        }
      }
    }
    // Function.prototype.toString must print itself as native, also when looked up through itself.
    const toString = Function.prototype.toString;
    let self;
    try {
      self = hainiaoProbeToString(toString);
    } catch (e) {
      self = errorText(e);
    }
    if (self !== native('toString'))
      lie('Function.prototype.toString', 'toString', `toString.toString() answered ${self}`);
  }

  /** What a native non-constructor function looks like, whatever prints it. */
  function checkShape(lie, api, fn, name, otherToString, isConstructor = false) {
    const expected = native(name);
    const own = printed(fn);
    if (own !== expected) lie(api, 'toString', own);
    if (otherToString) {
      let theirs;
      try {
        theirs = apply(otherToString, fn, []);
      } catch (e) {
        theirs = errorText(e);
      }
      if (theirs !== expected) lie(api, 'iframe-toString', theirs);
    }
    if (!isConstructor) {
      if ('prototype' in fn || hasOwn(fn, 'prototype')) lie(api, 'prototype', 'has a prototype');
      const keys = ownKeys(fn).map(String).sort().join(',');
      if (keys !== 'length,name') lie(api, 'own-keys', keys);
      if (fn.name !== name) lie(api, 'name', String(fn.name));
      try {
        new fn();
        lie(api, 'new', 'constructed');
      } catch (e) {
        if (!(e instanceof NativeTypeError) || !/ is not a constructor$/.test(e.message)) {
          lie(api, 'new', errorText(e));
        }
      }
      try {
        class Probe extends fn {}
        lie(api, 'class-extends', `extended (${typeof Probe})`);
      } catch (e) {
        // V8 prints the value into the message without asking toString: a script function that
        // replaced the native shows its own source here.
        const message = `Class extends value ${expected} is not a constructor or null`;
        if (!(e instanceof NativeTypeError) || e.message !== message) {
          lie(api, 'class-extends', errorText(e));
        }
      }
    }
    // The error comes from whatever toString the object inherits: usually Function.prototype's,
    // so a wrapper there is reported once, against it, rather than against every API.
    let blamed = api;
    try {
      if (fn.toString === Function.prototype.toString) blamed = 'Function.prototype.toString';
    } catch {
      // a throwing lookup is reported below
    }
    try {
      hainiaoProbeToString(create(fn));
      lie(blamed, 'object-toString-error', 'no error');
    } catch (e) {
      if (!(e instanceof NativeTypeError) || e.message !== TO_STRING_RECEIVER) {
        lie(blamed, 'object-toString-error', errorText(e));
      } else {
        const extra = extraFrames(e, 'hainiaoProbeToString');
        if (extra) lie(blamed, 'object-toString-error', `stack: ${extra}`);
      }
    }
    checkPrototypeChain(lie, api, fn);
  }

  /** A native function refuses a cyclic prototype chain; a Proxy forwards and accepts it. */
  function checkPrototypeChain(lie, api, fn) {
    const proto = getPrototypeOf(fn);
    try {
      let accepted = false;
      try {
        objectSetPrototypeOf(fn, create(fn));
        accepted = true;
      } catch (e) {
        if (!(e instanceof NativeTypeError)) lie(api, 'proto-cycle', errorText(e));
      }
      if (accepted) {
        let detail = 'cyclic prototype accepted';
        try {
          hainiaoProbeToString(fn);
        } catch (e) {
          detail += `, then ${errorText(e)}`;
        }
        lie(api, 'proto-cycle', detail);
      }
    } finally {
      reflectSetPrototypeOf(fn, proto);
    }
    try {
      if (reflectSetPrototypeOf(fn, create(fn))) lie(api, 'reflect-setproto', 'returned true');
    } catch (e) {
      lie(api, 'reflect-setproto', errorText(e));
    } finally {
      reflectSetPrototypeOf(fn, proto);
    }
    try {
      if (!reflectSetPrototypeOf(fn, null)) {
        lie(api, 'null-proto', 'prototype cannot be changed');
      } else {
        try {
          hainiaoProbeConcat(fn);
          lie(api, 'null-proto', 'converted to a string without a prototype');
        } catch (e) {
          if (!(e instanceof NativeTypeError)) lie(api, 'null-proto', errorText(e));
        }
      }
    } finally {
      reflectSetPrototypeOf(fn, proto);
    }
  }

  /** The error of a foreign receiver: a TypeError from the native code, with no script frame. */
  async function checkReceiver(lie, api, member, spec) {
    // Promise-returning operations reject with the operation and interface named.
    const idl = `Failed to execute '${member.key}' on '${spec.label}': Illegal invocation`;
    const judge = (e, probe) => {
      const ok =
        e instanceof NativeTypeError &&
        (spec.es
          ? spec.es.test(e.message)
          : e.message === 'Illegal invocation' || e.message === idl);
      if (!ok) {
        lie(api, 'illegal-invocation', errorText(e));
        return;
      }
      const extra = extraFrames(e, probe);
      if (extra) lie(api, 'stack', extra);
    };
    if (spec.isStatic) return;
    let result;
    try {
      result = hainiaoProbeCall(member.fn, {});
    } catch (e) {
      judge(e, 'hainiaoProbeCall');
      result = undefined;
    }
    if (result !== undefined) {
      // Promise-returning WebIDL operations reject instead of throwing.
      if (result && typeof result.then === 'function') {
        try {
          await result;
          lie(api, 'illegal-invocation', 'resolved on a foreign receiver');
        } catch (e) {
          judge(e, 'hainiaoProbeCall');
        }
      } else {
        lie(api, 'illegal-invocation', `answered ${brief(String(result))} on a foreign receiver`);
      }
    }
    if (member.kind === 'getter') {
      try {
        const value = hainiaoProbeGet(spec.owner, member.key);
        lie(api, 'illegal-invocation', `the prototype answered ${brief(String(value))}`);
      } catch (e) {
        judge(e, 'hainiaoProbeGet');
      }
    }
  }

  function checkDescriptor(lie, api, member, spec, otherToString) {
    const d = member.desc;
    const enumerable = !spec.es;
    if (member.kind === 'getter') {
      const setOk =
        d.set === undefined ||
        (typeof d.set === 'function' && printed(d.set) === native(`set ${member.key}`));
      if (d.enumerable !== enumerable || d.configurable !== true || !setOk) {
        lie(
          api,
          'descriptor',
          `enumerable ${d.enumerable}, configurable ${d.configurable}, set ${d.set ? printed(d.set) : d.set}`,
        );
      }
      if (typeof d.set === 'function')
        checkShape(lie, `${api} (setter)`, d.set, `set ${member.key}`, otherToString);
    } else if (d.writable !== true || d.enumerable !== enumerable || d.configurable !== true) {
      lie(
        api,
        'descriptor',
        `writable ${d.writable}, enumerable ${d.enumerable}, configurable ${d.configurable}`,
      );
    }
  }

  /** Error is a constructor: it keeps its prototype, but must print and behave as native. */
  function checkErrorConstructor(lie, other) {
    const otherToString = other && other.Function.prototype.toString;
    checkShape(lie, 'Error', G.Error, 'Error', otherToString, true);
    if (G.Error !== NativeError) {
      lie('Error', 'replaced', 'Error changed after the detector loaded');
    }
    const allowed = [
      'captureStackTrace',
      'isError',
      'length',
      'name',
      'prototype',
      'stackTraceLimit',
    ];
    const keys = ownKeys(G.Error).map(String);
    const unknown = keys.filter((key) => !allowed.includes(key));
    if (unknown.length) lie('Error', 'own-keys', unknown.join(','));
    if (other) {
      const theirs = ownKeys(other.Error).map(String).sort().join(',');
      if (keys.sort().join(',') !== theirs)
        lie('Error', 'own-keys', `${keys} vs fresh iframe ${theirs}`);
    }
    for (const key of ['captureStackTrace', 'isError']) {
      if (typeof G.Error[key] === 'function')
        checkShape(lie, `Error.${key}`, G.Error[key], key, otherToString);
    }
    checkShape(
      lie,
      'Error.prototype.toString',
      G.Error.prototype.toString,
      'toString',
      otherToString,
    );
    if (
      !(new G.Error('x') instanceof NativeError) ||
      Object.prototype.toString.call(new G.Error('x')) !== '[object Error]'
    ) {
      lie('Error', 'new', 'new Error() is not a plain Error');
    }
  }

  // ---- read-back noise ----

  const SOLID = [10, 200, 30, 255];
  const isSolid = (data, rgba) => {
    for (let i = 0; i < data.length; i += 4) {
      if (
        data[i] !== rgba[0] ||
        data[i + 1] !== rgba[1] ||
        data[i + 2] !== rgba[2] ||
        data[i + 3] !== rgba[3]
      ) {
        return false;
      }
    }
    return data.length > 0;
  };
  const sameBytes = (a, b) => {
    if (!a || !b || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  };
  const blobBytes = async (blob) => new Uint8Array(await blob.arrayBuffer());
  const dataUrlBytes = (url) => {
    const binary = atob(url.slice(url.indexOf(',') + 1));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  };
  /** Decodes an image in this realm, for comparing encodings by their pixels. */
  async function decodePixels(bytes, type = 'image/png') {
    const bitmap = await createImageBitmap(new Blob([bytes], { type }), {
      premultiplyAlpha: 'none',
      colorSpaceConversion: 'none',
    });
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    ctx.drawImage(bitmap, 0, 0);
    bitmap.close();
    return ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  }
  function fillSolid(ctx) {
    ctx.fillStyle = `rgb(${SOLID[0]}, ${SOLID[1]}, ${SOLID[2]})`;
    ctx.fillRect(0, 0, 16, 16);
  }
  /** Solid rectangles and text on an opaque background (opaque, so decoding is exact). */
  function drawScene(ctx) {
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 120, 24);
    ctx.fillStyle = '#f60';
    ctx.fillRect(60, 2, 50, 18);
    ctx.fillStyle = '#069';
    ctx.font = '12px sans-serif';
    ctx.textBaseline = 'alphabetic';
    ctx.fillText('Hainiao ☃ 😀', 2, 12);
    ctx.fillStyle = 'rgba(102, 204, 0, 0.7)';
    ctx.fillText('Hainiao ☃ 😀', 4, 20);
  }

  async function checkNoise(lie, kit) {
    if (isWindow) await checkElementCanvas(lie);
    if (typeof OffscreenCanvas === 'function') await checkOffscreenCanvas(lie);
    await checkWebGLReadback(lie);
    if (typeof AudioBuffer === 'function') checkAudioBuffer(lie);
    if (typeof OfflineAudioContext === 'function') await checkAudioRender(lie, kit);
  }

  async function checkElementCanvas(lie) {
    const solid = document.createElement('canvas');
    solid.width = solid.height = 16;
    const solidCtx = solid.getContext('2d');
    fillSolid(solidCtx);
    if (!isSolid(solidCtx.getImageData(0, 0, 16, 16).data, SOLID)) {
      lie('CanvasRenderingContext2D.getImageData', 'noise', 'a solid fill reads back changed');
    }
    if (!isSolid(await decodePixels(dataUrlBytes(solid.toDataURL())), SOLID)) {
      lie('HTMLCanvasElement.toDataURL', 'noise', 'a solid fill encodes changed');
    }
    const solidBlob = await new Promise((resolve) => solid.toBlob(resolve));
    if (!solidBlob || !isSolid(await decodePixels(await blobBytes(solidBlob)), SOLID)) {
      lie('HTMLCanvasElement.toBlob', 'noise', 'a solid fill encodes changed');
    }

    const scene = () => {
      const canvas = document.createElement('canvas');
      canvas.width = 120;
      canvas.height = 24;
      drawScene(canvas.getContext('2d'));
      return canvas;
    };
    const a = scene();
    const b = scene();
    const urlA = a.toDataURL();
    if (urlA !== b.toDataURL())
      lie('HTMLCanvasElement.toDataURL', 'noise', 'two identical drawings differ');
    const pixelsA = a.getContext('2d').getImageData(0, 0, 120, 24).data;
    if (!sameBytes(pixelsA, b.getContext('2d').getImageData(0, 0, 120, 24).data)) {
      lie('CanvasRenderingContext2D.getImageData', 'noise', 'two identical drawings differ');
    }
    const blob = await new Promise((resolve) => a.toBlob(resolve));
    const blobData = blob ? await blobBytes(blob) : new Uint8Array(0);
    if (!sameBytes(blobData, dataUrlBytes(urlA))) {
      // Blame whichever encoding no longer decodes to the canvas's pixels.
      const fromUrl = await decodePixels(dataUrlBytes(urlA));
      const fromBlob = blob ? await decodePixels(blobData) : new Uint8Array(0);
      const detail = 'toBlob and toDataURL encode one drawing differently';
      if (!sameBytes(fromUrl, pixelsA)) lie('HTMLCanvasElement.toDataURL', 'noise', detail);
      if (!sameBytes(fromBlob, pixelsA)) lie('HTMLCanvasElement.toBlob', 'noise', detail);
      if (sameBytes(fromUrl, pixelsA) && sameBytes(fromBlob, pixelsA)) {
        lie('HTMLCanvasElement.toBlob', 'noise', `${detail} (same pixels)`);
      }
    }
  }

  async function checkOffscreenCanvas(lie) {
    const solid = new OffscreenCanvas(16, 16);
    const solidCtx = solid.getContext('2d');
    fillSolid(solidCtx);
    if (!isSolid(solidCtx.getImageData(0, 0, 16, 16).data, SOLID)) {
      lie(
        'OffscreenCanvasRenderingContext2D.getImageData',
        'noise',
        'a solid fill reads back changed',
      );
    }
    if (!isSolid(await decodePixels(await blobBytes(await solid.convertToBlob())), SOLID)) {
      lie('OffscreenCanvas.convertToBlob', 'noise', 'a solid fill encodes changed');
    }
    const scene = () => {
      const canvas = new OffscreenCanvas(120, 24);
      drawScene(canvas.getContext('2d'));
      return canvas;
    };
    const a = scene();
    const b = scene();
    if (
      !sameBytes(await blobBytes(await a.convertToBlob()), await blobBytes(await b.convertToBlob()))
    ) {
      lie('OffscreenCanvas.convertToBlob', 'noise', 'two identical drawings differ');
    }
    if (
      !sameBytes(
        a.getContext('2d').getImageData(0, 0, 120, 24).data,
        b.getContext('2d').getImageData(0, 0, 120, 24).data,
      )
    ) {
      lie(
        'OffscreenCanvasRenderingContext2D.getImageData',
        'noise',
        'two identical drawings differ',
      );
    }
  }

  /** Clears to a colour of exact bytes and reads it back. */
  async function checkWebGLReadback(lie) {
    /** @type {[string, () => WebGLRenderingContext | WebGL2RenderingContext | null][]} */
    const cases = [];
    if (typeof OffscreenCanvas === 'function') {
      cases.push(['WebGLRenderingContext', () => new OffscreenCanvas(4, 4).getContext('webgl')]);
      cases.push(['WebGL2RenderingContext', () => new OffscreenCanvas(4, 4).getContext('webgl2')]);
    }
    if (isWindow) {
      cases.push([
        'WebGLRenderingContext',
        () =>
          Object.assign(document.createElement('canvas'), { width: 4, height: 4 }).getContext(
            'webgl',
          ),
      ]);
    }
    for (const [label, make] of cases) {
      let gl;
      try {
        gl = make();
      } catch {
        gl = null;
      }
      if (!gl) continue;
      gl.clearColor(51 / 255, 102 / 255, 153 / 255, 1);
      gl.clear(gl.COLOR_BUFFER_BIT);
      const pixels = new Uint8Array(4 * 4 * 4);
      gl.readPixels(0, 0, 4, 4, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
      if (!isSolid(pixels, [51, 102, 153, 255])) {
        lie(
          `${label}.readPixels`,
          'noise',
          `a clear colour reads back as ${Array.from(pixels.slice(0, 8))}`,
        );
      }
      const lose = gl.getExtension('WEBGL_lose_context');
      if (lose) lose.loseContext();
    }
  }

  function checkAudioBuffer(lie) {
    const buffer = new AudioBuffer({ length: 128, sampleRate: 44100 });
    const source = Float32Array.from({ length: 128 }, (_, i) => i / 128);
    buffer.copyToChannel(source, 0);
    if (!sameBytes(buffer.getChannelData(0), source)) {
      lie('AudioBuffer.getChannelData', 'noise', 'copied samples read back changed');
    }
    const copy = new Float32Array(128);
    buffer.copyFromChannel(copy, 0);
    if (!sameBytes(copy, source))
      lie('AudioBuffer.copyFromChannel', 'noise', 'copied samples read back changed');
  }

  /** The usual audio fingerprint graph: a triangle oscillator through a compressor. */
  async function renderAudio() {
    const context = new OfflineAudioContext(1, 5000, 44100);
    const oscillator = context.createOscillator();
    oscillator.type = 'triangle';
    oscillator.frequency.value = 10000;
    const compressor = context.createDynamicsCompressor();
    compressor.threshold.value = -50;
    compressor.knee.value = 40;
    compressor.ratio.value = 12;
    compressor.attack.value = 0;
    compressor.release.value = 0.25;
    oscillator.connect(compressor);
    compressor.connect(context.destination);
    oscillator.start(0);
    const buffer = await context.startRendering();
    const data = buffer.getChannelData(0);
    const copy = new Float32Array(buffer.length);
    buffer.copyFromChannel(copy, 0);
    let sum = 0;
    for (let i = 4500; i < 5000; i++) sum += Math.abs(data[i]);
    return { sum, consistent: sameBytes(data, copy) };
  }
  /** Two renders per run, shared by the noise check and the value. */
  function audioRenders(kit) {
    kit.audioRenders ||= Promise.all([renderAudio(), renderAudio()]);
    return kit.audioRenders;
  }
  async function checkAudioRender(lie, kit) {
    const [first, second] = await audioRenders(kit);
    if (first.sum !== second.sum) {
      lie(
        'OfflineAudioContext.startRendering',
        'noise',
        `two renders differ: ${first.sum} vs ${second.sum}`,
      );
    }
    if (!first.consistent || !second.consistent) {
      lie(
        'AudioBuffer.getChannelData',
        'noise',
        'getChannelData and copyFromChannel of a render differ',
      );
    }
  }

  // ---- values ----

  /** FNV-1a (32 bits), enough to compare drawings across realms. */
  function fnv1a(bytes) {
    let hash = 0x811c9dc5;
    for (let i = 0; i < bytes.length; i++) {
      hash ^= bytes[i];
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    return hash.toString(16).padStart(8, '0');
  }

  const safe = async (fn) => {
    try {
      const value = await fn();
      return value === undefined ? null : value;
    } catch {
      return null;
    }
  };

  function unmasked(gl) {
    if (!gl) return [null, null];
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    if (!info) return [gl.getParameter(gl.VENDOR), gl.getParameter(gl.RENDERER)];
    return [
      gl.getParameter(info.UNMASKED_VENDOR_WEBGL),
      gl.getParameter(info.UNMASKED_RENDERER_WEBGL),
    ];
  }

  async function offscreenCanvasHash() {
    const canvas = new OffscreenCanvas(240, 60);
    const ctx = canvas.getContext('2d');
    const gradient = ctx.createLinearGradient(0, 0, 240, 60);
    gradient.addColorStop(0, '#ff0066');
    gradient.addColorStop(0.5, '#33cc99');
    gradient.addColorStop(1, '#3366ff');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, 240, 60);
    ctx.fillStyle = '#069';
    ctx.font = '14px Arial, sans-serif';
    ctx.fillText('Hainiao ☃ 😀 Cwm fjordbank glyphs vext quiz', 4, 20);
    ctx.globalCompositeOperation = 'multiply';
    for (const [x, colour] of /** @type {[number, string][]} */ ([
      [60, '#f2f'],
      [100, '#2ff'],
      [140, '#ff2'],
    ])) {
      ctx.fillStyle = colour;
      ctx.beginPath();
      ctx.arc(x, 38, 20, 0, Math.PI * 2, true);
      ctx.closePath();
      ctx.fill();
    }
    const radial = ctx.createRadialGradient(200, 40, 2, 200, 40, 18);
    radial.addColorStop(0, 'rgba(255,255,255,0.9)');
    radial.addColorStop(1, 'rgba(0,0,0,0.3)');
    ctx.fillStyle = radial;
    ctx.beginPath();
    ctx.arc(200, 40, 18, 0, Math.PI * 2);
    ctx.fill();
    return fnv1a(await blobBytes(await canvas.convertToBlob()));
  }

  function webglImageHash(gl) {
    if (!gl) return null;
    const shader = (type, source) => {
      const s = gl.createShader(type);
      gl.shaderSource(s, source);
      gl.compileShader(s);
      return s;
    };
    const program = gl.createProgram();
    gl.attachShader(
      program,
      shader(
        gl.VERTEX_SHADER,
        'attribute vec2 p;attribute vec3 c;varying vec3 v;void main(){v=c;gl_Position=vec4(p,0.0,1.0);}',
      ),
    );
    gl.attachShader(
      program,
      shader(
        gl.FRAGMENT_SHADER,
        'precision mediump float;varying vec3 v;void main(){gl_FragColor=vec4(v,1.0);}',
      ),
    );
    gl.linkProgram(program);
    gl.useProgram(program);
    const buffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(
      gl.ARRAY_BUFFER,
      new Float32Array([-0.9, -0.8, 1, 0, 0, 0.85, -0.6, 0, 1, 0, 0.1, 0.9, 0, 0, 1]),
      gl.STATIC_DRAW,
    );
    const p = gl.getAttribLocation(program, 'p');
    const c = gl.getAttribLocation(program, 'c');
    gl.enableVertexAttribArray(p);
    gl.enableVertexAttribArray(c);
    gl.vertexAttribPointer(p, 2, gl.FLOAT, false, 20, 0);
    gl.vertexAttribPointer(c, 3, gl.FLOAT, false, 20, 8);
    gl.viewport(0, 0, 64, 64);
    gl.clearColor(0, 0, 0, 1);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    const pixels = new Uint8Array(64 * 64 * 4);
    gl.readPixels(0, 0, 64, 64, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    return fnv1a(pixels);
  }

  const brandList = (list) =>
    Array.isArray(list) ? list.map((b) => `${b.brand}/${b.version}`) : null;

  async function collectValues(values, kit) {
    const nav = G.navigator;
    values.userAgent = await safe(() => nav.userAgent);
    values.platform = await safe(() => nav.platform);
    values.hardwareConcurrency = await safe(() => nav.hardwareConcurrency);
    values.deviceMemory = await safe(() => nav.deviceMemory);
    values.language = await safe(() => nav.language);
    values.languages = await safe(() => Array.from(nav.languages));
    const uaData = await safe(() => nav.userAgentData);
    values.uaBrands = await safe(() => brandList(uaData.brands));
    values.uaMobile = await safe(() => uaData.mobile);
    values.uaPlatform = await safe(() => uaData.platform);
    const high = await safe(() =>
      uaData.getHighEntropyValues([
        'platformVersion',
        'architecture',
        'bitness',
        'uaFullVersion',
        'fullVersionList',
      ]),
    );
    values.platformVersion = high ? (high.platformVersion ?? null) : null;
    values.architecture = high ? (high.architecture ?? null) : null;
    values.bitness = high ? (high.bitness ?? null) : null;
    values.uaFullVersion = high ? (high.uaFullVersion ?? null) : null;
    values.fullVersionList = high ? brandList(high.fullVersionList) : null;
    values.timeZone = await safe(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    values.timezoneOffset = await safe(() => new Date(2026, 0, 1).getTimezoneOffset());
    values.locale = await safe(() => Intl.DateTimeFormat().resolvedOptions().locale);
    const [vendor, renderer] = (await safe(() => unmasked(kit.webgl))) || [null, null];
    values.webglVendor = vendor;
    values.webglRenderer = renderer;
    values.offscreenCanvasHash =
      typeof OffscreenCanvas === 'function' ? await safe(offscreenCanvasHash) : null;
    values.webglImageHash = await safe(() => webglImageHash(kit.webgl));
    values.audioSum =
      typeof OfflineAudioContext === 'function'
        ? await safe(async () => (await audioRenders(kit))[0].sum)
        : null;
    if (isWindow) {
      values.webglRendererElement = await safe(() => unmasked(kit.webglElement)[1]);
      values.screen = `${screen.width}x${screen.height}`;
      values.availScreen = `${screen.availWidth}x${screen.availHeight} ${screen.availLeft},${screen.availTop}`;
      // The browser window (an iframe reads its top window's): one larger than its screen is
      // something no machine shows.
      values.outerWindow = await safe(() => `${G.outerWidth}x${G.outerHeight}`);
      values.colorDepth = screen.colorDepth;
      values.devicePixelRatio = G.devicePixelRatio;
      values.notificationPermission = await safe(() => Notification.permission);
      values.prefersColorScheme = await safe(() =>
        matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
      );
      values.webdriver = await safe(() => nav.webdriver);
    }
  }

  // ---- realms and DevTools ----

  const comparable = (value) =>
    value === null ||
    ['string', 'number', 'boolean', 'undefined'].includes(typeof value) ||
    (Array.isArray(value) && value.every((item) => typeof item !== 'object'));

  /** The fresh iframe's own Navigator and Screen getters must read what this window reads. */
  function checkIframeValues(lie, other) {
    const pairs = [
      ['Navigator', G.navigator, other.navigator],
      ['Screen', G.screen, other.screen],
    ];
    for (const [label, mine, theirs] of pairs) {
      const owner = other[label] && other[label].prototype;
      if (!owner || !mine || !theirs) continue;
      for (const key of getOwnPropertyNames(owner)) {
        const d = getOwnPropertyDescriptor(owner, key);
        if (!d || typeof d.get !== 'function') continue;
        let a;
        let b;
        try {
          a = mine[key];
          b = apply(d.get, theirs, []);
        } catch {
          continue;
        }
        if (!comparable(a) || !comparable(b)) continue;
        if (JSON.stringify(a) !== JSON.stringify(b)) {
          lie(
            `${label}.${key}`,
            'iframe-value',
            `window ${JSON.stringify(a)} vs fresh iframe ${JSON.stringify(b)}`,
          );
        }
      }
    }
  }

  /** Globals that a fresh about:blank window lacks were added by someone. */
  function checkGlobals(lie, other, ignore) {
    if (!other) return;
    const theirs = new Set(getOwnPropertyNames(other));
    const skip = new Set(['hainiaoLieDetector', ...ignore]);
    const extra = getOwnPropertyNames(G).filter(
      (name) => !theirs.has(name) && !skip.has(name) && !/^\d+$/.test(name),
    );
    if (extra.length) lie('window', 'globals', extra.join(','));
  }

  /**
   * With the Runtime domain enabled (DevTools, CDP automation), every console call is sent to the
   * client with a description of its arguments. For an Error, V8 then formats the stack, which
   * calls Error.prepareStackTrace (measured on Chromium 156: fires with Runtime on, not without).
   * The older probes, a getter on an Error's stack or on a logged object, are kept: V8 no longer
   * calls them (Chromium 156), older engines did.
   */
  async function checkConsoleProbes(lie) {
    const hits = [];
    const probe = new NativeError('hainiao probe');
    const saved = getOwnPropertyDescriptor(NativeError, 'prepareStackTrace');
    try {
      defineProperty(NativeError, 'prepareStackTrace', {
        configurable: true,
        writable: true,
        value: (error, frames) => {
          if (error === probe) hits.push('Error.prepareStackTrace');
          return `${error}${frames.map((frame) => `\n    at ${frame}`).join('')}`;
        },
      });
      console.debug(probe);
    } finally {
      if (saved) defineProperty(NativeError, 'prepareStackTrace', saved);
      else delete NativeError.prepareStackTrace;
    }
    const error = new NativeError('hainiao probe');
    defineProperty(error, 'stack', {
      configurable: true,
      get() {
        hits.push('Error.stack getter');
        return '';
      },
    });
    const object = {};
    defineProperty(object, 'hainiaoProbe', {
      enumerable: true,
      get() {
        hits.push('object getter');
        return 1;
      },
    });
    console.debug(error);
    console.log(object);
    await sleep(50);
    if (hits.length) lie('console', 'cdp-runtime', [...new Set(hits)].join(','));
  }

  /** A plain stack must show only this origin's scripts: no injected or evaluated frames. */
  function checkStackFrames(lie, entryStack) {
    const stack = `${entryStack || ''}\n${hainiaoProbeStack() || ''}`;
    const origin = G.location && G.location.origin;
    const foreign = stack
      .split('\n')
      .filter((line) => FRAME.test(line) && !NATIVE_FRAME.test(line))
      .filter((line) => {
        const match =
          /\((.*):\d+:\d+\)$/.exec(line) || /^\s*at (?:async )?(.*):\d+:\d+$/.exec(line);
        const url = match ? match[1] : '';
        return !(origin && origin !== 'null' && url.startsWith(`${origin}/`));
      })
      .map((line) => line.trim());
    if (foreign.length) lie('Error.stack', 'stack-frames', foreign.join(' | '));
  }

  defineProperty(G, 'hainiaoLieDetector', {
    value: Object.freeze({ run }),
    configurable: true,
    writable: false,
    enumerable: false,
  });
})();
