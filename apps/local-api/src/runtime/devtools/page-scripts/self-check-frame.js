/* global hainiaoLieDetector */
/*
 * The self-check's same-origin iframe (runtime/self-check/self-check.ts): runs the lie detector in the frame's
 * own realm and posts the report to the page.
 */
(() => {
  const unavailable = (e) => ({
    scope: 'iframe',
    findings: [{ api: 'scope', check: 'unavailable', detail: String((e && e.message) || e) }],
    values: {},
  });
  hainiaoLieDetector
    .run('iframe')
    .catch(unavailable)
    .then((report) => parent.postMessage(report, location.origin));
})();
