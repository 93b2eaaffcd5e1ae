/**
 * The MCP server of the local service (issue 18 part 2; docs/mcp.md) as the documentation
 * shows it: the path and the tools with their arguments, in both languages. The tools themselves
 * are apps/local-api/src/adapters/mcp/mcp-tools.ts; its test (mcp-docs.test.ts) keeps the names,
 * arguments and required ones of this table equal to what the server lists.
 */
import type { Localized } from '../i18n.ts';

/** Where the service answers MCP's Streamable HTTP transport (POST only, stateless). */
export const MCP_PATH = '/mcp';

export interface McpToolArgument {
  readonly name: string;
  readonly required: boolean;
  readonly description: Localized;
}

export interface McpToolDoc {
  readonly name: string;
  readonly arguments: readonly McpToolArgument[];
  /** What the tool does and answers. */
  readonly does: Localized;
}

const sessionId: McpToolArgument = {
  name: 'Session_ID',
  required: true,
  description: { en: 'The environment’s ID', zh: '环境 ID' },
};

const optional = (name: string, en: string, zh: string): McpToolArgument => ({
  name,
  required: false,
  description: { en, zh },
});

const target = [
  optional(
    'ref',
    'The element’s reference from the latest snapshot, e.g. e42',
    '最近一次快照中的元素引用，例如 e42',
  ),
  optional(
    'selector',
    'A CSS selector instead of ref (the first match); give exactly one of the two',
    '代替 ref 的 CSS 选择器（取第一个匹配的元素）；两者必须且只能指定一个',
  ),
];

/** Every tool the server lists, in its order. */
export const MCP_TOOLS: readonly McpToolDoc[] = [
  {
    name: 'list_environments',
    arguments: [
      optional('Session_Name', 'Only names containing this text', '只列出名称包含此文字的环境'),
      optional('Session_GroupName', 'Only this group', '只列出此分组'),
      optional('CurrentPage', 'Page number, from 1', '页码，从 1 开始'),
      optional('ListNum', 'Environments per page', '每页环境数'),
    ],
    does: {
      en: 'The account’s environments, most recently updated first, with whether each is running and its browser_CDP_Port (0 when stopped). Shares the rate limit of /api/v1/session/listid.',
      zh: '当前账号的环境，按最近更新排序，并注明是否正在运行及其 browser_CDP_Port（未运行时为 0）。与 /api/v1/session/listid 共用频率限制。',
    },
  },
  {
    name: 'create_environment',
    arguments: [
      optional('Session_Name', 'Name', '名称'),
      optional('Session_Desc', 'Description', '描述'),
      optional('Session_Group', 'Group (default: default)', '分组（默认 default）'),
      optional('SystemOS', 'System', '操作系统'),
      optional('User_Agent', 'User agent', '用户代理（UA）'),
      optional('HomePage_url', 'Start pages', '启动页'),
      optional('Proxy_Type', 'Proxy type', '代理类型'),
      optional('Proxy_Ip', 'Proxy host', '代理地址'),
      optional('Proxy_Port', 'Proxy port', '代理端口'),
      optional('Proxy_Username', 'Proxy user name', '代理用户名'),
      optional('Proxy_Password', 'Proxy password', '代理密码'),
      optional(
        'Automatic_Configure',
        '1: check the proxy and take time zone and language from its exit',
        '1：检测代理，并按出口 IP 设置时区和语言',
      ),
    ],
    does: {
      en: 'Creates an environment as POST /api/v1/session/create does, with the same rules, codes -101 to -112 and rate limit. Answers Session_Id, Session_Name, Group_Name and Fingerprint_PageOnly (the values a system other than this machine’s shows in pages only, not in workers; empty for this machine’s system).',
      zh: '与 POST /api/v1/session/create 一样创建环境，规则、返回码 -101 至 -112 和频率限制都相同。返回 Session_Id、Session_Name、Group_Name 和 Fingerprint_PageOnly（所选操作系统与本机不同时，只在页面中而不在 Worker 中呈现的值；与本机相同时为空）。',
    },
  },
  {
    name: 'start_environment',
    arguments: [
      sessionId,
      optional(
        'headless',
        'true: no window; omitted: the environment’s own setting',
        'true：无窗口启动；不传：使用环境自己的设置',
      ),
    ],
    does: {
      en: 'Starts the browser as POST /api/v1/browser/start does and answers its running information (browser_CDP_Port, webdriver…). An environment already running answers the same with status -7.',
      zh: '与 POST /api/v1/browser/start 一样启动浏览器，返回运行信息（browser_CDP_Port、webdriver 等）。环境已在运行时同样返回这些信息，status 为 -7。',
    },
  },
  {
    name: 'stop_environment',
    arguments: [sessionId],
    does: {
      en: 'Saves the cookies and ends the browser: closed as /api/v1/browser/stop does, or ended as /api/v1/browser/kill does when headless.',
      zh: '保存 Cookie 并结束浏览器：有窗口时与 /api/v1/browser/stop 相同，无头模式时与 /api/v1/browser/kill 相同。',
    },
  },
  {
    name: 'navigate',
    arguments: [
      sessionId,
      {
        name: 'url',
        required: true,
        description: { en: 'An http:// or https:// address', zh: 'http:// 或 https:// 地址' },
      },
    ],
    does: {
      en: 'Opens the address in the environment’s tab, waits for the load event and answers the final URL and title.',
      zh: '在环境的标签页中打开该地址，等待 load 事件后返回最终 URL 和标题。',
    },
  },
  {
    name: 'snapshot',
    arguments: [sessionId],
    does: {
      en: 'The page as an accessibility tree, one line per element: - role "name" [state] [ref=eN]: value. click and type take the refs.',
      zh: '以无障碍树的形式读取页面，每个元素一行：- role "name" [state] [ref=eN]: value。click 和 type 使用其中的 ref。',
    },
  },
  {
    name: 'click',
    arguments: [sessionId, ...target],
    does: {
      en: 'A real mouse click in the centre of the element; waits for a page load the click starts.',
      zh: '在元素中心进行一次真实的鼠标点击；若点击引起页面加载，则等待加载完成。',
    },
  },
  {
    name: 'type',
    arguments: [
      sessionId,
      ...target,
      { name: 'text', required: true, description: { en: 'The text', zh: '要输入的文字' } },
      optional('submit', 'true: press Enter afterwards', 'true：输入后按回车键'),
    ],
    does: {
      en: 'Replaces the text of an input, textarea or editable element as keyboard input (input events fire).',
      zh: '以键盘输入的方式替换输入框、文本域或可编辑元素中的文字（会触发 input 事件）。',
    },
  },
  {
    name: 'screenshot',
    arguments: [sessionId],
    does: {
      en: 'The visible part of the page as a PNG (MCP image content).',
      zh: '页面可见部分的 PNG 截图（MCP 图片内容）。',
    },
  },
  {
    name: 'cookies',
    arguments: [sessionId],
    does: {
      en: 'The cookies the page’s frames would send: name, value, domain, path, expires, httpOnly, secure, sameSite.',
      zh: '页面各框架会发送的 Cookie：name、value、domain、path、expires、httpOnly、secure、sameSite。',
    },
  },
];
