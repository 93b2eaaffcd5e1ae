/* global hainiaoLieDetector, SharedWorkerGlobalScope */
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
    const shared = /** @type {SharedWorkerGlobalScope} */ (/** @type {unknown} */ (self));
    shared.onconnect = (event) => {
      const port = event.ports[0];
      report().then((result) => port.postMessage(result));
    };
  } else {
    const service = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
    service.addEventListener('install', () => service.skipWaiting());
    service.addEventListener('activate', (event) => event.waitUntil(service.clients.claim()));
    service.addEventListener('message', (event) => {
      const port = event.ports[0];
      event.waitUntil(report().then((result) => port.postMessage(result)));
    });
  }
})();
