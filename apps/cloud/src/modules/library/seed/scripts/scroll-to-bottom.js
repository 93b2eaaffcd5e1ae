/* global window, document */
// Scroll to bottom: scrolls down step by step until the page stops growing, so that infinite lists
// and lazy-loaded images load. Stops after 60 steps or when nothing new arrived for 3 steps.
(() => {
  const STEP_PX = () => Math.round(window.innerHeight * 0.8);
  const PAUSE_MS = 700;
  let unchanged = 0;
  let steps = 0;
  let lastHeight = 0;

  function tick() {
    const height = document.documentElement.scrollHeight;
    window.scrollBy({ top: STEP_PX(), behavior: 'smooth' });
    const atBottom = window.innerHeight + window.scrollY >= height - 2;
    unchanged = atBottom && height === lastHeight ? unchanged + 1 : 0;
    lastHeight = height;
    steps += 1;
    if (unchanged < 3 && steps < 60) window.setTimeout(tick, PAUSE_MS);
  }

  if (document.readyState === 'complete') tick();
  else window.addEventListener('load', tick, { once: true });
})();
