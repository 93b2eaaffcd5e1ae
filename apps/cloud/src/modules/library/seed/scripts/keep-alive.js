/* global window, document, MouseEvent */
// Keep session alive: every 4 to 6 minutes, moves the pointer to a random spot and scrolls a few
// pixels down and back, the kind of activity that keeps idle-timeout sessions logged in.
(() => {
  if (window.__hainiaoKeepAlive) return;
  window.__hainiaoKeepAlive = true;

  function nudge() {
    const x = Math.round(Math.random() * window.innerWidth);
    const y = Math.round(Math.random() * window.innerHeight);
    const target = document.elementFromPoint(x, y) || document.body;
    target.dispatchEvent(new MouseEvent('mousemove', { bubbles: true, clientX: x, clientY: y }));
    window.scrollBy(0, 3);
    window.setTimeout(() => window.scrollBy(0, -3), 400);
    window.setTimeout(nudge, (4 + Math.random() * 2) * 60000);
  }

  window.setTimeout(nudge, 60000);
})();
