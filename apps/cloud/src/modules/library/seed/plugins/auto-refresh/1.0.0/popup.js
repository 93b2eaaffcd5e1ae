/* global chrome, document */
// Auto Refresh: the popup picks the interval of the current tab; the service worker reloads it.
chrome.tabs.query({ active: true, currentWindow: true }, async ([tab]) => {
  if (!tab) return;
  const { minutes } = await chrome.runtime.sendMessage({ type: 'get', tabId: tab.id });
  for (const input of document.querySelectorAll('input[name="every"]')) {
    input.checked = Number(input.value) === minutes;
    input.addEventListener('change', () =>
      chrome.runtime.sendMessage({ type: 'set', tabId: tab.id, minutes: Number(input.value) }),
    );
  }
});
