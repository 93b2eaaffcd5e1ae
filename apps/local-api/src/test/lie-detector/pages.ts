/**
 * The lie detector's test site: the detector script, the workers that run it, a frame page, and
 * the main page `/lies` that runs it in six realms (window, same-origin iframe, cross-site iframe,
 * dedicated, shared and service worker) and exposes `window.lieReport`.
 */
import { SELF_CHECK_SCRIPTS } from '../../runtime/devtools/page-scripts.ts';

/** What the detector reports for a realm that could not run it. */
const UNAVAILABLE = `const unavailable = (scope, e) => ({
  scope,
  findings: [{ api: 'scope', check: 'unavailable', detail: String((e && e.message) || e) }],
  values: {},
});`;

const WORKER = `importScripts('/lies/detector.js');
${UNAVAILABLE}
hainiaoLieDetector.run('dedicated').then(
  (report) => postMessage(report),
  (e) => postMessage(unavailable('dedicated', e)),
);
`;

const SHARED = `importScripts('/lies/detector.js');
${UNAVAILABLE}
onconnect = (event) => {
  const port = event.ports[0];
  hainiaoLieDetector.run('shared').then(
    (report) => port.postMessage(report),
    (e) => port.postMessage(unavailable('shared', e)),
  );
};
`;

// importScripts is only allowed while a service worker is first evaluated: load it at the top.
const SERVICE = `importScripts('/lies/detector.js');
${UNAVAILABLE}
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
self.addEventListener('message', (event) => {
  const reply = (report) => (event.ports[0] || event.source).postMessage(report);
  event.waitUntil(
    hainiaoLieDetector.run('service').then(reply, (e) => reply(unavailable('service', e))),
  );
});
`;

const FRAME = `<!doctype html>
<html><head><meta charset="utf-8"><title>lies frame</title>
<script src="/lies/detector.js"></script></head>
<body>
<script type="module">
${UNAVAILABLE}
const scope = new URLSearchParams(location.search).get('scope') || 'iframe';
const report = await hainiaoLieDetector.run(scope).catch((e) => unavailable(scope, e));
parent.postMessage(report, '*');
</script>
</body></html>
`;

const MAIN = `<!doctype html>
<html><head><meta charset="utf-8"><title>Hainiao lie detector</title>
<script src="/lies/detector.js"></script></head>
<body>
<script type="module">
${UNAVAILABLE}
const LIMIT_MS = 20000;

/** A scope's report, or an 'unavailable' finding when it fails or takes over 20 s. */
function within(scope, start) {
  let timer;
  const timeout = new Promise((_, reject) => {
    const message = 'no report within ' + LIMIT_MS / 1000 + ' s';
    timer = setTimeout(() => reject(new Error(message)), LIMIT_MS);
  });
  return Promise.race([Promise.resolve().then(start), timeout])
    .catch((e) => unavailable(scope, e))
    .finally(() => clearTimeout(timer));
}

function inFrame(scope, src) {
  return new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.style.cssText = 'width:20px;height:20px;border:0';
    const onMessage = (event) => {
      if (event.source !== frame.contentWindow || !event.data || event.data.scope !== scope) return;
      removeEventListener('message', onMessage);
      resolve(event.data);
    };
    addEventListener('message', onMessage);
    frame.onerror = () => reject(new Error(src + ' did not load'));
    frame.src = src;
    document.body.append(frame);
  });
}

function inDedicated() {
  return new Promise((resolve, reject) => {
    const worker = new Worker('/lies/worker.js');
    worker.onmessage = (event) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'the dedicated worker failed'));
    };
  });
}

function inShared() {
  return new Promise((resolve, reject) => {
    const worker = new SharedWorker('/lies/shared.js');
    worker.port.onmessage = (event) => {
      worker.port.close();
      resolve(event.data);
    };
    worker.onerror = () => reject(new Error('the shared worker failed'));
    worker.port.start();
  });
}

async function inService() {
  const registration = await navigator.serviceWorker.register('/lies/sw.js');
  try {
    const worker = registration.installing || registration.waiting || registration.active;
    if (worker.state !== 'activated') {
      await new Promise((resolve, reject) => {
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') resolve();
          if (worker.state === 'redundant') reject(new Error('the service worker was dropped'));
        });
      });
    }
    const channel = new MessageChannel();
    const report = new Promise((resolve) => {
      channel.port1.onmessage = (event) => resolve(event.data);
    });
    worker.postMessage('run', [channel.port2]);
    return await report;
  } finally {
    await registration.unregister();
  }
}

window.lieReport = (async () => {
  const window_ = await within('window', () =>
    hainiaoLieDetector.run('window', { ignoreGlobals: ['lieReport'] }),
  );
  // The same server under the other loopback name is another site: Chromium puts it in its own
  // process.
  const otherHost = location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  const crossSite = location.protocol + '//' + otherHost + ':' + location.port +
    '/lies/frame?scope=oopif';
  const [iframe, oopif, dedicated, shared, service] = await Promise.all([
    within('iframe', () => inFrame('iframe', '/lies/frame?scope=iframe')),
    within('oopif', () => inFrame('oopif', crossSite)),
    within('dedicated', inDedicated),
    within('shared', inShared),
    within('service', inService),
  ]);
  // Whatever happened above, the next visit starts without a service worker.
  for (const registration of await navigator.serviceWorker.getRegistrations()) {
    await registration.unregister();
  }
  return { window: window_, iframe, oopif, dedicated, shared, service };
})();
</script>
</body></html>
`;

/** URL paths of the lie detector's site to their bodies (`.js` paths are scripts). */
export function lieDetectorPages(): Record<string, string> {
  return {
    '/lies': MAIN,
    '/lies/frame': FRAME,
    // The runtime's copy, which the self-check call runs (runtime/devtools/page-scripts/).
    '/lies/detector.js': SELF_CHECK_SCRIPTS.detector,
    '/lies/worker.js': WORKER,
    '/lies/shared.js': SHARED,
    '/lies/sw.js': SERVICE,
  };
}
