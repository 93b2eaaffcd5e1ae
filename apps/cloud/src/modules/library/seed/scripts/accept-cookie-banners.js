/* global window, document, MutationObserver */
// Accept cookie banners: clicks the accept button of the common consent platforms, then of plain
// buttons whose text says "accept all" (in a few languages). Watches the page for 15 seconds,
// because banners often appear after the page has loaded.
(() => {
  const SELECTORS = [
    '#onetrust-accept-btn-handler',
    '#CybotCookiebotDialogBodyLevelButtonLevelOptinAllowAll',
    '#CybotCookiebotDialogBodyButtonAccept',
    '#didomi-notice-agree-button',
    '.qc-cmp2-summary-buttons button[mode="primary"]',
    '[data-testid="uc-accept-all-button"]',
    '.fc-cta-consent',
    '#truste-consent-button',
    '.cc-allow',
    '.cky-btn-accept',
  ];
  const TEXTS = [
    /^accept( all)?( cookies)?$/i,
    /^allow( all)?( cookies)?$/i,
    /^i agree$/i,
    /^agree( and close)?$/i,
    /^got it$/i,
    /^alle akzeptieren$/i,
    /^tout accepter$/i,
    /^aceptar( todo| todas)?$/i,
    /^accetta( tutto)?$/i,
    /^接受(全部|所有)?$/,
    /^同意$/,
  ];

  function visible(element) {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  }

  function findButton() {
    for (const selector of SELECTORS) {
      const element = document.querySelector(selector);
      if (element && visible(element)) return element;
    }
    for (const element of document.querySelectorAll('button, [role="button"], a.button')) {
      const text = (element.textContent || '').trim().replace(/\s+/g, ' ');
      if (text.length <= 40 && TEXTS.some((re) => re.test(text)) && visible(element))
        return element;
    }
    return null;
  }

  function attempt() {
    const button = findButton();
    if (!button) return false;
    button.click();
    return true;
  }

  if (attempt()) return;
  const observer = new MutationObserver(() => {
    if (attempt()) observer.disconnect();
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  window.setTimeout(() => observer.disconnect(), 15000);
})();
