/* global chrome, document */
// Dark Mode Lite: inverts the page's colours and turns pictures back, so they keep their colours.
const STYLE_ID = 'dark-mode-lite-style';
const CSS = `
html { filter: invert(1) hue-rotate(180deg) !important; background: #fff !important; }
img, picture, video, canvas, svg image, iframe, embed, object,
[style*="background-image"] { filter: invert(1) hue-rotate(180deg) !important; }
`;

function apply(enabled) {
  const existing = document.getElementById(STYLE_ID);
  if (enabled && !existing) {
    const style = document.createElement('style');
    style.id = STYLE_ID;
    style.textContent = CSS;
    (document.head || document.documentElement).appendChild(style);
  } else if (!enabled && existing) {
    existing.remove();
  }
}

chrome.storage.local.get({ enabled: false }, ({ enabled }) => apply(enabled));
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'local' && 'enabled' in changes) apply(changes.enabled.newValue);
});
