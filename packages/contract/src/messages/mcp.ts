/**
 * Messages of the local API's MCP tools (apps/local-api/src/adapters/mcp/mcp.ts) that no HTTP call has. They come
 * back with code -10000 (the spec's "unknown exception": codes/local-api.ts has no
 * code for page work); everything the HTTP calls also answer keeps its own code and message.
 */
import type { Localized } from '../i18n.ts';

export const mcpMessages = {
  unknownTool: { en: 'Unknown tool: {name}', zh: '未知工具：{name}' },
  notRunning: {
    en: 'Environment {id} is not running: start it with start_environment first',
    zh: '环境 {id} 未运行：请先用 start_environment 启动',
  },
  devToolsUnreachable: {
    en: 'Cannot reach the DevTools endpoint of environment {id}: {reason}',
    zh: '无法连接环境 {id} 的 DevTools 端点：{reason}',
  },
  pageFailed: { en: 'The page did not answer: {reason}', zh: '页面没有响应：{reason}' },
  navigationFailed: {
    en: 'Navigation to {url} failed: {reason}',
    zh: '打开 {url} 失败：{reason}',
  },
  elementTarget: {
    en: 'Name the element with exactly one of ref (from a snapshot) and selector',
    zh: '请用 ref（来自快照）或 selector 中的一个指定元素，且只能指定一个',
  },
  elementNotFound: {
    en: 'No element {target} on the page: take a new snapshot',
    zh: '页面上没有元素 {target}：请重新获取快照',
  },
  selectorInvalid: { en: 'Invalid CSS selector: {selector}', zh: 'CSS 选择器无效：{selector}' },
  elementNotVisible: {
    en: 'Element {target} has no visible area to click',
    zh: '元素 {target} 没有可点击的可见区域',
  },
  notEditable: {
    en: 'Element {target} does not take text (not an enabled input, textarea or editable element)',
    zh: '元素 {target} 不能输入文字（不是可用的输入框、文本域或可编辑元素）',
  },
} satisfies Record<string, Localized>;
