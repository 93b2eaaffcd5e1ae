/* global chrome */
// Dark Mode Lite: the toolbar button, or Alt+Shift+D, switches dark mode on and off for every page.
async function showState(enabled) {
  await chrome.action.setBadgeText({ text: enabled ? 'on' : '' });
  await chrome.action.setBadgeBackgroundColor({ color: '#333' });
}

async function toggle() {
  const { enabled } = await chrome.storage.local.get({ enabled: false });
  await chrome.storage.local.set({ enabled: !enabled });
  await showState(!enabled);
}

chrome.action.onClicked.addListener(toggle);
chrome.commands.onCommand.addListener((command) => {
  if (command === 'toggle-dark-mode') void toggle();
});

chrome.runtime.onStartup.addListener(async () => {
  const { enabled } = await chrome.storage.local.get({ enabled: false });
  await showState(enabled);
});
