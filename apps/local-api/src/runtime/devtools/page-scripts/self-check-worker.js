/* global self, importScripts, hainiaoLieDetector, postMessage, ServiceWorkerGlobalScope, SharedWorkerGlobalScope */
/*
 * The self-check's worker (runtime/self-check/self-check.ts): one script for the dedicated, shared and service
 * worker, which runs the lie detector in itself and answers its report to the page.
 */
// A service worker may import scripts only while it is first evaluated: at the top, for all three.
importScripts('./detector.js');

(() => {
  const kind =
    typeof ServiceWorkerGlobalScope === 'function' && self instanceof ServiceWorkerGlobalScope
      ? 'service'
      : typeof SharedWorkerGlobalScope === 'function' && self instanceof SharedWorkerGlobalScope
        ? 'shared'
        : 'dedicated';
  const unavailable = (e) => ({
    scope: kind,
    findings: [{ api: 'scope', check: 'unavailable', detail: String((e && e.message) || e) }],
    values: {},
  });
  const report = () => hainiaoLieDetector.run(kind).catch(unavailable);

  if (kind === 'dedicated') {
    report().then((result) => postMessage(result));
  } else if (kind === 'shared') {
    self.onconnect = (event) => {
      const port = event.ports[0];
      report().then((result) => port.postMessage(result));
    };
  } else {
    self.addEventListener('install', () => self.skipWaiting());
    self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
    self.addEventListener('message', (event) => {
      const port = event.ports[0];
      event.waitUntil(report().then((result) => port.postMessage(result)));
    });
  }
})();
