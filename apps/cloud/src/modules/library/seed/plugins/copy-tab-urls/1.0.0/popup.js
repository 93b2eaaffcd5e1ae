/* global chrome, document */
// Copy Tab URLs: lists the tabs of the current window and copies them as text or Markdown.
const area = document.getElementById('urls');
const done = document.getElementById('done');
let tabs = [];

function asText() {
  return tabs.map((tab) => tab.url).join('\n');
}

function asMarkdown() {
  return tabs
    .map((tab) => `- [${(tab.title || tab.url).replace(/[[\]]/g, '')}](${tab.url})`)
    .join('\n');
}

async function copy(text) {
  await navigator.clipboard.writeText(text);
  area.value = text;
  done.textContent = `Copied ${tabs.length} URL${tabs.length === 1 ? '' : 's'}`;
}

chrome.tabs.query({ currentWindow: true }, (result) => {
  tabs = result.filter((tab) => tab.url);
  area.value = asText();
});
document.getElementById('plain').addEventListener('click', () => void copy(asText()));
document.getElementById('markdown').addEventListener('click', () => void copy(asMarkdown()));
