/* The active script, run once the document is parsed, its errors logged. */
(() => {
  const run = () => {
    try {
      /* SCRIPT */
    } catch (error) {
      console.error(error);
    }
  };
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', run, { once: true });
  } else run();
})();
