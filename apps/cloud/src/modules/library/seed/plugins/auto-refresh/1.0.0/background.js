/* global chrome */
// Auto Refresh: one alarm per tab ("tab-<id>"), which reloads the tab when it fires.
const PREFIX = 'tab-';

async function schedule(tabId, minutes) {
  await chrome.alarms.clear(PREFIX + tabId);
  if (minutes > 0) {
    await chrome.alarms.create(PREFIX + tabId, { periodInMinutes: minutes });
  }
  await chrome.action.setBadgeText({ tabId, text: minutes > 0 ? `${minutes}m` : '' });
}

chrome.runtime.onMessage.addListener((message, _sender, reply) => {
  if (message.type === 'get') {
    chrome.alarms.get(PREFIX + message.tabId).then((alarm) => {
      reply({ minutes: alarm ? alarm.periodInMinutes : 0 });
    });
    return true;
  }
  if (message.type === 'set') {
    schedule(message.tabId, message.minutes).then(() => reply({ ok: true }));
    return true;
  }
  return false;
});

chrome.alarms.onAlarm.addListener((alarm) => {
  if (!alarm.name.startsWith(PREFIX)) return;
  const tabId = Number(alarm.name.slice(PREFIX.length));
  chrome.tabs.reload(tabId).catch(() => chrome.alarms.clear(alarm.name));
});

chrome.tabs.onRemoved.addListener((tabId) => void chrome.alarms.clear(PREFIX + tabId));
