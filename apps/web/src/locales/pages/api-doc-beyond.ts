/**
 * Copy of the documentation pages of what the service offers beyond the spec
 * (issue 18): the AdsPower-compatible calls and the MCP server. The call and tool tables are
 * generated from the contract (ADSPOWER_COMPAT_ROUTES, ADSPOWER_DOC_CALLS, MCP_TOOLS); the
 * field-by-field mapping follows docs/adspower-compat.md.
 */
import type { Lang } from '@hainiao/contract';
import type { ProsePage } from '../../pages/api-doc/types.ts';

export type BeyondSlug = 'adspower' | 'mcp';

// --- Code shown on both languages' pages ----------------------------------------------------------

const ADDRESS = {
  en: `# AdsPower
api = "http://local.adspower.net:50325"

# Hainiao (or "http://127.0.0.1:50325" with --compat-port 50325)
api = "http://127.0.0.1:8186"`,
  zh: `# AdsPower
api = "http://local.adspower.net:50325"

# 海鸟（启动时加了 --compat-port 50325 时，也可以用 "http://127.0.0.1:50325"）
api = "http://127.0.0.1:8186"`,
};

const COMPAT_PORT = `hainiao-api --port 8186 --compat-port 50325 \\
  --account alice --app_id <APP_ID> --app_key <APP_KEY>`;

const ANSWERS = {
  en: `GET /api/v1/browser/start?user_id=9712379652192fb21780937c1e482a54&headless=1

{"code":0,"data":{
  "ws":{"selenium":"127.0.0.1:40871",
        "puppeteer":"ws://127.0.0.1:40871/devtools/browser/5c1f…"},
  "debug_port":"40871","webdriver":"/usr/bin/chromedriver"},"msg":"success"}

# a refused field: HTTP 200, code -1, the field named
{"code":-1,"data":{},"msg":"device_scale is not supported by this service: the pixel ratio of a mobile environment follows its model"}`,
  zh: `GET /api/v1/browser/start?user_id=9712379652192fb21780937c1e482a54&headless=1

{"code":0,"data":{
  "ws":{"selenium":"127.0.0.1:40871",
        "puppeteer":"ws://127.0.0.1:40871/devtools/browser/5c1f…"},
  "debug_port":"40871","webdriver":"/usr/bin/chromedriver"},"msg":"success"}

# 不支持的字段：HTTP 200，code 为 -1，msg 中写明字段名（请求头 Accept-Language: zh）
{"code":-1,"data":{},"msg":"本服务不支持 device_scale：移动端环境的像素比由其机型决定"}`,
};

const CREATE_PYTHON = `import requests

api = "http://127.0.0.1:8186"
profile = requests.post(api + "/api/v1/user/create", json={
    "name": "shop-01",
    "group_id": "0",
    "user_proxy_config": {"proxy_soft": "other", "proxy_type": "socks5",
                          "proxy_host": "203.0.113.10", "proxy_port": "1080"},
    "fingerprint_config": {"automatic_timezone": "1", "language_switch": "1"},
}).json()
print(profile)  # {'code': 0, 'data': {'id': '9712…'}, 'msg': 'Success'}`;

/** As AdsPower's "Python selenium 4" sample; adapters/adspower/compat-adspower-browser.test.ts runs it. */
const SELENIUM = `import sys
import requests
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ads_id = "9712379652192fb21780937c1e482a54"
api = "http://127.0.0.1:8186"
open_url = api + "/api/v1/browser/start?user_id=" + ads_id
close_url = api + "/api/v1/browser/stop?user_id=" + ads_id

resp = requests.get(open_url).json()
if resp["code"] != 0:
    print(resp["msg"])
    print("please check ads_id")
    sys.exit(1)

chrome_driver = resp["data"]["webdriver"]
chrome_options = Options()
chrome_options.debugger_address = resp["data"]["ws"]["selenium"]
service = Service(executable_path=chrome_driver)
driver = webdriver.Chrome(service=service, options=chrome_options)
driver.get("https://www.example.com")
print(driver.title)
driver.quit()
requests.get(close_url)`;

const PUPPETEER = `import puppeteer from 'puppeteer-core';

const api = 'http://127.0.0.1:8186';
const post = async (path, body) =>
  (
    await fetch(api + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json();

const profileId = '9712379652192fb21780937c1e482a54';
const { code, msg, data } = await post('/api/v2/browser-profile/start', {
  profile_id: profileId,
  headless: '1',
});
if (code !== 0) throw new Error(msg);

const browser = await puppeteer.connect({
  browserWSEndpoint: data.ws.puppeteer,
  defaultViewport: null,
});
const page = await browser.newPage();
await page.goto('https://www.example.com');
console.log(await page.title());
await browser.disconnect();

await post('/api/v2/browser-profile/stop', { profile_id: profileId });`;

const MCP_CONFIG = `{
  "mcpServers": {
    "hainiao": {
      "type": "http",
      "url": "http://127.0.0.1:8186/mcp"
    }
  }
}`;

const MCP_CONFIG_KEY = `{
  "mcpServers": {
    "hainiao": {
      "type": "http",
      "url": "http://127.0.0.1:8186/mcp",
      "headers": { "Authorization": "Bearer <KEY>" }
    }
  }
}`;

const CLAUDE_CODE = `claude mcp add --transport http hainiao http://127.0.0.1:8186/mcp
# with --api-key on:
claude mcp add --transport http hainiao http://127.0.0.1:8186/mcp \\
  --header "Authorization: Bearer <KEY>"`;

const CLAUDE_CODE_ZH = `claude mcp add --transport http hainiao http://127.0.0.1:8186/mcp
# 服务开启了 --api-key 时：
claude mcp add --transport http hainiao http://127.0.0.1:8186/mcp \\
  --header "Authorization: Bearer <KEY>"`;

const SDK = {
  en: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const client = new Client({ name: 'my-agent', version: '1.0.0' });
const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1:8186/mcp'), {
  // Only with --api-key on; Accept-Language: zh for Chinese messages.
  requestInit: { headers: { Authorization: 'Bearer <KEY>' } },
});
await client.connect(transport);

const { tools } = await client.listTools();
console.log(tools.map((tool) => tool.name));

const started = await client.callTool({
  name: 'start_environment',
  arguments: { Session_ID: '9712379652192fb21780937c1e482a54', headless: true },
});
console.log(started.content[0].text);

const snapshot = await client.callTool({
  name: 'snapshot',
  arguments: { Session_ID: '9712379652192fb21780937c1e482a54' },
});
console.log(snapshot.content[0].text);
await client.close();`,
  zh: `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const client = new Client({ name: 'my-agent', version: '1.0.0' });
const transport = new StreamableHTTPClientTransport(new URL('http://127.0.0.1:8186/mcp'), {
  // 仅在开启 --api-key 时需要；加上 Accept-Language: zh 可获得中文提示。
  requestInit: { headers: { Authorization: 'Bearer <KEY>' } },
});
await client.connect(transport);

const { tools } = await client.listTools();
console.log(tools.map((tool) => tool.name));

const started = await client.callTool({
  name: 'start_environment',
  arguments: { Session_ID: '9712379652192fb21780937c1e482a54', headless: true },
});
console.log(started.content[0].text);

const snapshot = await client.callTool({
  name: 'snapshot',
  arguments: { Session_ID: '9712379652192fb21780937c1e482a54' },
});
console.log(snapshot.content[0].text);
await client.close();`,
};

const SNAPSHOT = `- heading "Welcome to the shop" [level=1] [ref=e3]
- button "Change heading" [ref=e4]
- textbox "Your name" [ref=e6]: old
- link "Next page" [ref=e7]`;

const TOOL_ERROR = {
  en: `{
  "isError": true,
  "content": [
    { "type": "text", "text": "{\\"code\\":-22,\\"message\\":\\"Session not found: 0000…\\"}" }
  ]
}`,
  zh: `{
  "isError": true,
  "content": [
    { "type": "text", "text": "{\\"code\\":-22,\\"message\\":\\"环境不存在：0000…\\"}" }
  ]
}`,
};

// --- The field-by-field mapping (docs/adspower-compat.md) ----------------------------------------

const FIELDS_EN: readonly (readonly [string, string])[] = [
  ['`user_id`, `profile_id`', '`Session_ID`'],
  [
    '`serial_number`, `profile_no`',
    'refused: environments have no serial numbers (lists answer `""`)',
  ],
  ['`headless`', '`isHeadless` (absent: the environment’s `Session_Headless`)'],
  [
    '`launch_args`',
    'flags: `args` (same allow-list; absent: `Session_Args`); URLs open as tabs; in a query, JSON text or repeated',
  ],
  ['`launch_args` of `user/update`', '`Session_Args`'],
  [
    '`open_tabs`',
    '1: neither start pages nor the last session; 0: both (`restore_on_startup` 1 for this start)',
  ],
  ['`last_opened_tabs` (v2)', '`restore_on_startup` for this start'],
  ['`ip_tab`, `proxy_detection` (v2)', '`forcembpoint` (the check page) for this start'],
  ['`enable_password_saving`, `password_saving` (v2)', '`SavePasswordPop` for this start'],
  [
    '`disable_password_filling`, `password_filling` (v2)',
    'accepted: no platform account is stored, so nothing is ever filled',
  ],
  [
    '`clear_cache_after_closing`, `delete_cache` (v2)',
    'the profile’s cache folders are removed once this browser has ended, however it ends',
  ],
  [
    '`cdp_mask`',
    '1 or absent: the DevTools port hides automation traces (our default); 0: `Raw_DevTools` 1, the port as Chromium speaks it',
  ],
  ['`new_first_tab`', '0 accepted (one check page); 1 refused'],
  ['`device_scale`', 'refused: a mobile environment’s pixel ratio follows its model'],
  [
    '`name`, `remark`',
    '`Session_Name` (at most 60; empty: the default name), `Session_Desc` (at most 150)',
  ],
  ['`group_id`', '`Session_Group` (`"0"` or absent: `default`; an unknown ID fails)'],
  [
    '`domain_name`, `open_urls`',
    '`HomePage_url`: `https://<domain_name>` first, then `open_urls` (lists answer `domain_name` `""`)',
  ],
  ['`cookie`', '`Cookie` (JSON array, JSON text or Netscape text)'],
  ['`country`, `region`, `city`', '`CountryCode`, `RegionCode`, `CityCode` (provider targeting)'],
  [
    '`user_proxy_config.proxy_soft`, `proxy_type`',
    '`Proxy_Type`: `no_proxy` → `noproxy`; `other` with http, https, socks5 (socks4, socks4a) → `HTTP`, `HTTPS`, `SOCKS5`, …; `ssh` → `SSH`',
  ],
  [
    '`user_proxy_config.proxy_soft` (providers)',
    '`brightdata`, `luminati` → `Luminati_HTTP`/`Luminati_HTTPS`; `brightauto`, `lumauto` → `Lumauto`; `oxylabsauto` → `Oxylabsauto`; other providers refused',
  ],
  [
    '`user_proxy_config.proxy_host`, `proxy_port`, `proxy_user`, `proxy_password`',
    '`Proxy_Ip`, `Proxy_Port`, `Proxy_Username`, `Proxy_Password`',
  ],
  [
    '`user_proxy_config.proxy_url`, `global_config` 1',
    'refused: no refresh links, no saved proxies',
  ],
  [
    '`fingerprint_config.automatic_timezone`, `language_switch`',
    'with a proxy, “by IP” (AdsPower’s default) is `Automatic_Configure` 1: time zone, country and language from the exit (the proxy is checked)',
  ],
  [
    '`fingerprint_config.timezone`, `language`',
    'both by hand: `timezone` → `TimeZone`, `language` → `LanguageCode`; one by IP and one by hand: refused; without a proxy, “by IP” is the machine’s',
  ],
  [
    '`fingerprint_config.language`',
    '`[code]` or `[code, base]`; `de-DE` is `de` where the [appendix](/api/doc/appendix) lists only `de`',
  ],
  ['`fingerprint_config.location`', '`Geolocation_Setting`: ask 0, allow 1, block 2'],
  [
    '`fingerprint_config.location_switch`, `latitude`, `longitude`, `accuracy`',
    '0: `Geolocation_Latitude`, `Geolocation_Longitude`, `Geolocation_Accuracy`; 1: no coordinates (the exit’s)',
  ],
  ['`fingerprint_config.ua`', '`User_Agent`; its system becomes the environment’s `SystemOS`'],
  [
    '`fingerprint_config.random_ua`',
    '`ua_system_version` picks the system (Windows, Mac OS X, Linux, Android, iOS), `ua_version` the Chrome major version',
  ],
  [
    '`fingerprint_config.screen_resolution`',
    '`WIDTH_HEIGHT` → `resolution`; `random` → a common screen of the system (our default); `none` refused',
  ],
  [
    '`fingerprint_config.canvas`',
    '`FingerPrint_Setting` flag a (1: the environment’s own rendering, 0: the machine’s)',
  ],
  ['`fingerprint_config.webgl_image`, `audio`', '0 → flags b and c off; 1 refused'],
  [
    '`fingerprint_config.webrtc`',
    '`disabled`, `disableUDP` accepted (WebRTC never uses non-proxied UDP and shows no address); `forward`, `proxy`, `local` refused',
  ],
  [
    '`fingerprint_config.browser_kernel_config`',
    '`{type: "chrome", version: "ua_auto"}` accepted (one engine; the user agent follows its major version); others refused',
  ],
  [
    '`fingerprint_config.flash`, `do_not_track`, `hardware_concurrency`, `device_memory`',
    'only the machine’s own is accepted: `block`, `default`; others refused',
  ],
  [
    '`fingerprint_config.gpu`, `webgl`, `client_rects`, `media_devices`, `speech_switch`',
    'only `0` (the machine’s own) is accepted',
  ],
  ['`fingerprint_config.device_name_switch`, `tls_switch`', 'only `0` is accepted'],
  [
    '`fingerprint_config.fonts`, `webgl_config`, `scan_port_type`, `allow_scan_ports`, `media_devices_num`, `device_name`, `mac_address_config`, `tls`, `page_language_switch`, `page_language`',
    'refused: no such lever here',
  ],
  ['`username`, `password`, `fakey`', 'refused: platform accounts are not stored'],
  [
    '`repeat_config`, `ignore_cookie_error`, `sys_app_cate_id`',
    '`[0]`, `0`, `0` accepted (no deduplication, no cookie filtering, no categories); others refused',
  ],
  [
    '`ip`, `ipchecker`, `proxyid`',
    'refused: no chosen exit IP; the IP lookup is the service’s `--ip-lookup`; no saved proxies',
  ],
  ['group `remark`', '`""` only (groups have no remark here)'],
];

const FIELDS_ZH: readonly (readonly [string, string])[] = [
  ['`user_id`、`profile_id`', '`Session_ID`'],
  ['`serial_number`、`profile_no`', '不支持：本服务的环境没有编号（列表中返回 `""`）'],
  ['`headless`', '`isHeadless`（不传时使用环境的 `Session_Headless`）'],
  [
    '`launch_args`',
    '启动参数：`args`（同一白名单；不传时使用 `Session_Args`）；其中的网址作为标签页打开；在查询字符串中可写成 JSON 文本或重复传参',
  ],
  ['`user/update` 的 `launch_args`', '`Session_Args`'],
  [
    '`open_tabs`',
    '1：不打开启动页，也不恢复上次会话；0：两者都打开（本次启动 `restore_on_startup` 为 1）',
  ],
  ['`last_opened_tabs`（v2）', '本次启动的 `restore_on_startup`'],
  ['`ip_tab`、`proxy_detection`（v2）', '本次启动的 `forcembpoint`（检测页）'],
  ['`enable_password_saving`、`password_saving`（v2）', '本次启动的 `SavePasswordPop`'],
  [
    '`disable_password_filling`、`password_filling`（v2）',
    '接受：本服务不保存平台账号，因此不会自动填充任何内容',
  ],
  [
    '`clear_cache_after_closing`、`delete_cache`（v2）',
    '本次浏览器结束后（无论以何种方式结束）删除该环境的缓存目录',
  ],
  [
    '`cdp_mask`',
    '1 或不传：调试端口隐藏自动化痕迹（本服务默认）；0：即 `Raw_DevTools` 为 1，原样提供 Chromium 的调试协议',
  ],
  ['`new_first_tab`', '接受 0（只打开一个检测页）；1 不支持'],
  ['`device_scale`', '不支持：移动端环境的像素比由其机型决定'],
  [
    '`name`、`remark`',
    '`Session_Name`（最多 60 个字符；为空时使用默认名称）、`Session_Desc`（最多 150 个字符）',
  ],
  ['`group_id`', '`Session_Group`（`"0"` 或不传表示 `default`；分组不存在时调用失败）'],
  [
    '`domain_name`、`open_urls`',
    '`HomePage_url`：先打开 `https://<domain_name>`，再打开 `open_urls`（列表中 `domain_name` 返回 `""`）',
  ],
  ['`cookie`', '`Cookie`（JSON 数组、JSON 文本或 Netscape 格式文本）'],
  ['`country`、`region`、`city`', '`CountryCode`、`RegionCode`、`CityCode`（代理商定位）'],
  [
    '`user_proxy_config.proxy_soft`、`proxy_type`',
    '`Proxy_Type`：`no_proxy` → `noproxy`；`other` 搭配 http、https、socks5（socks4、socks4a）→ `HTTP`、`HTTPS`、`SOCKS5` 等；`ssh` → `SSH`',
  ],
  [
    '`user_proxy_config.proxy_soft`（代理商）',
    '`brightdata`、`luminati` → `Luminati_HTTP`/`Luminati_HTTPS`；`brightauto`、`lumauto` → `Lumauto`；`oxylabsauto` → `Oxylabsauto`；其他代理商不支持',
  ],
  [
    '`user_proxy_config.proxy_host`、`proxy_port`、`proxy_user`、`proxy_password`',
    '`Proxy_Ip`、`Proxy_Port`、`Proxy_Username`、`Proxy_Password`',
  ],
  [
    '`user_proxy_config.proxy_url`、`global_config` 为 1',
    '不支持：本服务不保存刷新链接，也没有已保存的代理',
  ],
  [
    '`fingerprint_config.automatic_timezone`、`language_switch`',
    '使用代理时，“基于 IP”（AdsPower 的默认值）即 `Automatic_Configure` 为 1：时区、国家和语言取自出口 IP（会检测代理）',
  ],
  [
    '`fingerprint_config.timezone`、`language`',
    '两者都手动设置：`timezone` → `TimeZone`，`language` → `LanguageCode`；一个基于 IP、一个手动：不支持；不使用代理时，“基于 IP”即本机的设置',
  ],
  [
    '`fingerprint_config.language`',
    '`[code]` 或 `[code, base]`；[附录](/api/doc/appendix)中只有 `de` 时，`de-DE` 按 `de` 处理',
  ],
  ['`fingerprint_config.location`', '`Geolocation_Setting`：询问 0，允许 1，禁止 2'],
  [
    '`fingerprint_config.location_switch`、`latitude`、`longitude`、`accuracy`',
    '0：`Geolocation_Latitude`、`Geolocation_Longitude`、`Geolocation_Accuracy`；1：不设坐标（使用出口 IP 的位置）',
  ],
  ['`fingerprint_config.ua`', '`User_Agent`；其中的系统成为环境的 `SystemOS`'],
  [
    '`fingerprint_config.random_ua`',
    '`ua_system_version` 选择系统（Windows、Mac OS X、Linux、Android、iOS），`ua_version` 选择 Chrome 主版本号',
  ],
  [
    '`fingerprint_config.screen_resolution`',
    '`宽_高` → `resolution`；`random` → 该系统的一种常见分辨率（本服务的默认行为）；`none` 不支持',
  ],
  [
    '`fingerprint_config.canvas`',
    '`FingerPrint_Setting` 的第 a 位（1：环境自己的渲染；0：本机的渲染）',
  ],
  ['`fingerprint_config.webgl_image`、`audio`', '0 → 关闭第 b、c 位；1 不支持'],
  [
    '`fingerprint_config.webrtc`',
    '接受 `disabled`、`disableUDP`（WebRTC 从不使用未经代理的 UDP，也不暴露任何地址）；`forward`、`proxy`、`local` 不支持',
  ],
  [
    '`fingerprint_config.browser_kernel_config`',
    '接受 `{type: "chrome", version: "ua_auto"}`（只有一种内核，用户代理跟随其主版本号）；其他取值不支持',
  ],
  [
    '`fingerprint_config.flash`、`do_not_track`、`hardware_concurrency`、`device_memory`',
    '只接受本机的真实值：`block`、`default`；其他取值不支持',
  ],
  [
    '`fingerprint_config.gpu`、`webgl`、`client_rects`、`media_devices`、`speech_switch`',
    '只接受 `0`（本机的真实值）',
  ],
  ['`fingerprint_config.device_name_switch`、`tls_switch`', '只接受 `0`'],
  [
    '`fingerprint_config.fonts`、`webgl_config`、`scan_port_type`、`allow_scan_ports`、`media_devices_num`、`device_name`、`mac_address_config`、`tls`、`page_language_switch`、`page_language`',
    '不支持：本服务没有对应的设置',
  ],
  ['`username`、`password`、`fakey`', '不支持：本服务不保存平台账号'],
  [
    '`repeat_config`、`ignore_cookie_error`、`sys_app_cate_id`',
    '接受 `[0]`、`0`、`0`（不去重、不过滤 Cookie、不分类）；其他取值不支持',
  ],
  [
    '`ip`、`ipchecker`、`proxyid`',
    '不支持：不能指定出口 IP；IP 查询渠道由服务的 `--ip-lookup` 统一设置；没有已保存的代理',
  ],
  ['分组的 `remark`', '只能为 `""`（本服务的分组没有备注）'],
];

const en: Record<BeyondSlug, ProsePage> = {
  adspower: {
    lead: 'Most people who automate browsers already have scripts for AdsPower’s Local API. Hainiao answers AdsPower’s calls too — same paths, same parameter names, same `{code, data, msg}` answers — so those scripts run with nothing changed but the address.',
    sections: [
      {
        id: 'point',
        title: 'Point a script at Hainiao',
        blocks: [
          {
            p: 'AdsPower’s samples call `http://local.adspower.net:50325`. Replace that address with your service’s: `http://127.0.0.1:8186` by default, or whatever [--port](/api/doc/help#flags) you started it with. Nothing else in the script changes.',
          },
          { code: ADDRESS.en, language: 'py', title: 'Python' },
          {
            list: [
              'Use `127.0.0.1` or `localhost`. The service only answers requests addressed to a loopback name, so `local.adspower.net` is refused even if it resolves to your machine.',
              'Log the service in first — with [/login](/api/doc/login#login) or `--account`, `--app_id` and `--app_key` on start-up. Like every call, these need a logged-in account; only `GET /status` answers without one.',
              '`user_id` and `profile_id` are our environment IDs (`Session_ID`). Create environments with `POST /api/v1/user/create`, or take their IDs from [session/listid](/api/doc/session#session-listid).',
              'With `--api-key on`, keep the header AdsPower already uses, `Authorization: Bearer KEY`, with your service’s key.',
              'Send POST parameters as a JSON body. In Python that is `requests.post(url, json=…)`; `data=dict` sends a form, which is answered `Invalid JSON body`.',
            ],
          },
        ],
      },
      {
        id: 'compat-port',
        title: 'AdsPower’s port: --compat-port',
        blocks: [
          {
            p: 'If a script has port 50325 written into it, start the service with `--compat-port 50325`. It then also listens on 50325, on the same `--host` and behind the same guards, and only the AdsPower-compatible calls answer there; any other call is refused with `Only the AdsPower-compatible calls are served on this port`.',
          },
          { code: COMPAT_PORT, language: 'sh' },
          { generated: 'flags' },
          {
            note: 'AdsPower and Hainiao cannot both listen on 50325: close AdsPower on that machine, or leave out `--compat-port` and change the port in the script.',
            tone: 'warn',
          },
        ],
      },
      {
        id: 'calls',
        title: 'The calls',
        blocks: [
          {
            p: 'Every call below answers with AdsPower’s method, parameter names and answer shape. Only the parameters listed are accepted: anything else is refused by name.',
          },
          { generated: 'adspower-calls' },
          {
            list: [
              'Our own calls are POST. Where a path is both ours and AdsPower’s (`/api/v1/browser/start`, `/api/v1/browser/stop`, `/api/v1/group/list`), the method decides: GET is AdsPower’s call, POST ours, and neither answer changes.',
              '`POST /api/v1/group/create` is both, so the body decides: `group_name` makes it AdsPower’s call, `Group_Name` ours.',
              'GET (and HEAD) only reach these calls, `/openapi.json` and `/mcp`; any other GET answers HTTP 405 with `Allow: POST`.',
              'Same service, same rules: the checks of [session/create](/api/doc/session#session-create) (group, system, resolution, user agent, time zone, language, proxy, cookies, the proxy check) and the same rate limits — `user/create` counts against the 50 a minute of `session/create`.',
            ],
          },
        ],
      },
      {
        id: 'answers',
        title: 'Answers',
        blocks: [
          {
            p: 'Answers take AdsPower’s form `{code, data, msg}`. Success is `code` 0 with `msg` `success` (`Success` where AdsPower’s own documentation spells it that way); scripts compare these words, so they are never translated.',
          },
          { code: ANSWERS.en, language: 'json' },
          {
            list: [
              '`data.ws.puppeteer` is the browser’s WebSocket URL for `puppeteer.connect`; `data.ws.selenium` is `127.0.0.1:<port>` for Selenium’s `debuggerAddress`; `data.debug_port` is the same port as text; `data.webdriver` is the chromedriver found beside the browser. The port is the `browser_CDP_Port` that [browser/status](/api/doc/browser#browser-status) reports.',
              'A failure is `{"code": -1, "data": {}, "msg": …}` with HTTP 200 and the reason; a refused field is named in `msg`.',
              'The guards keep their HTTP statuses, as for our calls: 401 without the API key or before a login, 403 for a refused `Host` or `Origin`, 405 for a wrong method, 415 for a body that is not JSON, 429 over a rate limit.',
              'Failure messages are in English, or in Chinese with `Accept-Language: zh`.',
            ],
          },
        ],
      },
      {
        id: 'fields',
        title: 'Field by field',
        blocks: [
          {
            p: 'A field does what it says or is refused with a message that names it — it is never silently ignored. `null` counts as not sent. The fields of `user/create` and `user/update` become those of [session/create](/api/doc/session#session-create); those of the start calls become options of [browser/start](/api/doc/browser#browser-start) for that start only.',
          },
          {
            table: {
              head: ['AdsPower field', 'Here'],
              rows: FIELDS_EN,
            },
          },
        ],
      },
      {
        id: 'refused',
        title: 'What is refused, and why',
        blocks: [
          {
            p: 'A refusal means the service has nothing that would honour the value — accepting it quietly would make the script believe something that is not true.',
          },
          {
            list: [
              '**Serial numbers** (`serial_number`, `profile_no`): environments here are known by their ID only.',
              '**Platform accounts** (`username`, `password`, `fakey`): the service does not store them.',
              '**Saved proxies and refresh links** (`proxyid`, `proxy_url`, `global_config` 1): send the proxy itself in `user_proxy_config`.',
              '**Fingerprint values with no native lever** (WebGL image and audio noise, fonts, GPU, device name, MAC address, TLS…): only the machine’s own value is accepted.',
              '**A chosen exit IP** (`ip`, `ipchecker`): a provider’s country, region and city can be chosen, not its IP; the IP lookup is the service’s `--ip-lookup`.',
              '**`new_first_tab` 1, `device_scale`, `last_open_time` sorting**: not available here.',
            ],
          },
          {
            note: 'A refused value names what is accepted instead, e.g. `webrtc: the value forward is not supported by this service (accepted: disabled, disableUDP)`.',
          },
        ],
      },
      {
        id: 'create',
        title: 'Example: create an environment',
        blocks: [
          {
            p: 'A proxy with the time zone and language taken from its exit — AdsPower’s default “by IP” — becomes `Automatic_Configure` 1: the proxy is checked while the call runs.',
          },
          { code: CREATE_PYTHON, language: 'py', title: 'Python (requests)' },
        ],
      },
      {
        id: 'selenium',
        title: 'Example: Python requests + Selenium',
        blocks: [
          {
            p: 'Written as AdsPower’s own “Python selenium 4” sample is, with only the address changed. The test suite runs this script against a real service and browser.',
          },
          { code: SELENIUM, language: 'py', title: 'adspower_selenium.py' },
          {
            note: '`driver.quit()` closes Selenium’s session; the stop call then closes the browser and saves its cookies.',
          },
        ],
      },
      {
        id: 'puppeteer',
        title: 'Example: Puppeteer',
        blocks: [
          {
            p: 'The v2 calls with Node.js 18 or later: start the environment, connect Puppeteer to `data.ws.puppeteer`, then stop it.',
          },
          { code: PUPPETEER, language: 'js', title: 'adspower_puppeteer.mjs' },
          {
            p: 'Use `browser.disconnect()` rather than `browser.close()`: the stop call closes the browser and saves the cookies. More examples with our own calls are on [Code examples](/api/doc/example).',
          },
        ],
      },
    ],
  },

  mcp: {
    lead: 'The local service is also an MCP server. AI agents and MCP clients can list, create, start and stop environments and, inside a running one, open pages, read them, click, type, take screenshots and read cookies — through the same services, guards and key as the HTTP calls.',
    sections: [
      {
        id: 'what',
        title: 'What it is',
        blocks: [
          {
            p: 'MCP (the Model Context Protocol) is how AI assistants call tools. The service answers it at `POST /mcp` over MCP’s Streamable HTTP transport (built with the official `@modelcontextprotocol/sdk`).',
          },
          {
            list: [
              'Stateless: each POST gets a new server and a plain JSON answer. `GET` and `DELETE` answer HTTP 405 — there is no SSE stream and no MCP session to end.',
              'The tools need a logged-in service, like the HTTP calls: [log in](/api/doc/help#login) before the agent starts.',
              'The page tools talk to the environment’s own DevTools endpoint with one connection per tool call, closed when it ends. They never enable `Runtime` and run no script in the page’s own world, so the agent adds no automation traces.',
            ],
          },
        ],
      },
      {
        id: 'connect',
        title: 'Connect an MCP client',
        blocks: [
          {
            p: 'Clients that read an `mcpServers` file (for example `.mcp.json` of Claude Code) take the address like this:',
          },
          { code: MCP_CONFIG, language: 'json', title: '.mcp.json' },
          { p: 'With `--api-key on`, add the key as a header:' },
          { code: MCP_CONFIG_KEY, language: 'json', title: '.mcp.json' },
          { p: 'Or from the command line of Claude Code:' },
          { code: CLAUDE_CODE, language: 'sh' },
        ],
      },
      {
        id: 'sdk',
        title: 'From your own code',
        blocks: [
          {
            p: 'With the TypeScript SDK, connect a `Client` through `StreamableHTTPClientTransport`, list the tools and call them. The service’s own tests drive it exactly this way.',
          },
          { code: SDK.en, language: 'js', title: 'agent.mjs' },
        ],
      },
      {
        id: 'tools',
        title: 'Tools',
        blocks: [
          { generated: 'mcp-tools' },
          {
            p: 'A typical run: `list_environments` or `create_environment`, then `start_environment`; `navigate` to a page; `snapshot` to read it; `click` and `type` with the refs of the snapshot; `screenshot` and `cookies` to check; `stop_environment` at the end.',
          },
          { p: 'A snapshot is one line per element, with the refs `click` and `type` take:' },
          { code: SNAPSHOT, language: 'text' },
          {
            note: 'Refs belong to the snapshot that gave them: after the page changes, take a new snapshot. The tab used is the one used last, otherwise the first tab.',
          },
        ],
      },
      {
        id: 'guards',
        title: 'Guards and the API key',
        blocks: [
          {
            list: [
              'The guards of every call apply to `/mcp`: a loopback `Host`, an allowed `Origin`, JSON bodies.',
              'With `--api-key on`, send the key as `Authorization: Bearer KEY`, the `X-API-Key` header or `?api_key=KEY`. Without it the request is answered HTTP 401 before MCP sees it, and the client reports a transport error.',
              'Tools share the rate limits of the HTTP calls they stand for: `create_environment` that of `session/create`, `list_environments` that of `session/listid`.',
              'The tools reach only the environments the logged-in account may use, exactly as the HTTP calls do.',
            ],
          },
          { generated: 'flags' },
        ],
      },
      {
        id: 'errors',
        title: 'Errors',
        blocks: [
          {
            p: 'A refused tool call is an MCP tool error (`isError: true`). Its text is `{"code": …, "message": …}` with the code and message the HTTP call would answer, in Chinese with `Accept-Language: zh`.',
          },
          { code: TOOL_ERROR.en, language: 'json' },
          {
            list: [
              '`-4`: the service is not logged in.',
              '`-22`: no such environment (or not yours).',
              '`-101` to `-112`: a field of `create_environment` refused, as by [session/create](/api/doc/session#session-create).',
              '`-10000`: invalid arguments (`Invalid parameter: url` for a `file://` address) and page work with no code of its own — not running, no such element — with a message saying what to do.',
            ],
          },
          {
            p: 'Every code is on the [Answer codes](/api/doc/code) page.',
          },
        ],
      },
    ],
  },
};

const zh: Record<BeyondSlug, ProsePage> = {
  adspower: {
    lead: '大多数做浏览器自动化的用户手上已经有为 AdsPower 本地 API 编写的脚本。海鸟同样能响应 AdsPower 的接口——路径相同、参数名相同、返回的 `{code, data, msg}` 也相同——只需改一下地址，这些脚本就能直接运行。',
    sections: [
      {
        id: 'point',
        title: '让脚本连接海鸟',
        blocks: [
          {
            p: 'AdsPower 的示例调用的是 `http://local.adspower.net:50325`。把这个地址换成你的服务地址即可：默认为 `http://127.0.0.1:8186`，或你启动时指定的 [--port](/api/doc/help#flags)。脚本的其余部分无需改动。',
          },
          { code: ADDRESS.zh, language: 'py', title: 'Python' },
          {
            list: [
              '请使用 `127.0.0.1` 或 `localhost`。服务只响应发往本机回环地址名的请求，因此即使 `local.adspower.net` 解析到本机，也会被拒绝。',
              '先让服务登录——调用 [/login](/api/doc/login#login)，或在启动时加上 `--account`、`--app_id` 和 `--app_key`。与所有接口一样，这些接口需要已登录的账号；只有 `GET /status` 无需登录。',
              '`user_id` 和 `profile_id` 即本服务的环境 ID（`Session_ID`）。可以用 `POST /api/v1/user/create` 创建环境，也可以从 [session/listid](/api/doc/session#session-listid) 获取环境 ID。',
              '服务开启 `--api-key on` 时，继续使用 AdsPower 原有的请求头 `Authorization: Bearer KEY`，填入本服务的密钥即可。',
              'POST 参数须以 JSON 请求体发送。Python 中写作 `requests.post(url, json=…)`；`data=dict` 发送的是表单，会返回 `Invalid JSON body`。',
            ],
          },
        ],
      },
      {
        id: 'compat-port',
        title: '使用 AdsPower 的端口：--compat-port',
        blocks: [
          {
            p: '如果脚本里写死了 50325 端口，启动服务时加上 `--compat-port 50325` 即可。服务会同时监听 50325 端口，使用相同的 `--host` 和相同的安全检查，且该端口只提供兼容 AdsPower 的接口；调用其他接口会返回 `此端口仅提供兼容 AdsPower 的接口`。',
          },
          { code: COMPAT_PORT, language: 'sh' },
          { generated: 'flags' },
          {
            note: 'AdsPower 和海鸟不能同时监听 50325 端口：请先在这台电脑上关闭 AdsPower，或者不使用 `--compat-port`，改为修改脚本中的端口。',
            tone: 'warn',
          },
        ],
      },
      {
        id: 'calls',
        title: '接口列表',
        blocks: [
          {
            p: '下列接口都按 AdsPower 的请求方法、参数名和返回格式响应。只接受表中列出的参数，其他参数会被拒绝，并在提示中写明参数名。',
          },
          { generated: 'adspower-calls' },
          {
            list: [
              '本服务自己的接口都是 POST。当同一路径既属于本服务又属于 AdsPower 时（`/api/v1/browser/start`、`/api/v1/browser/stop`、`/api/v1/group/list`），由请求方法决定：GET 按 AdsPower 的接口处理，POST 按本服务的接口处理，两者的返回都不变。',
              '`POST /api/v1/group/create` 两者共用，由请求体决定：含 `group_name` 时按 AdsPower 处理，含 `Group_Name` 时按本服务处理。',
              'GET（以及 HEAD）只能访问这些接口、`/openapi.json` 和 `/mcp`；其他 GET 请求返回 HTTP 405，并带有 `Allow: POST`。',
              '同一个服务，同一套规则：与 [session/create](/api/doc/session#session-create) 相同的校验（分组、系统、分辨率、用户代理、时区、语言、代理、Cookie、代理检测），以及相同的频率限制——`user/create` 与 `session/create` 共用每分钟 50 次的额度。',
            ],
          },
        ],
      },
      {
        id: 'answers',
        title: '返回格式',
        blocks: [
          {
            p: '返回采用 AdsPower 的格式 `{code, data, msg}`。成功时 `code` 为 0，`msg` 为 `success`（AdsPower 文档中写作 `Success` 的接口则为 `Success`）；脚本会比较这些词，因此它们不做翻译。',
          },
          { code: ANSWERS.zh, language: 'json' },
          {
            list: [
              '`data.ws.puppeteer` 是供 `puppeteer.connect` 使用的浏览器 WebSocket 地址；`data.ws.selenium` 是供 Selenium `debuggerAddress` 使用的 `127.0.0.1:<端口>`；`data.debug_port` 是同一端口的字符串形式；`data.webdriver` 是在浏览器旁找到的 chromedriver。该端口即 [browser/status](/api/doc/browser#browser-status) 返回的 `browser_CDP_Port`。',
              '失败时返回 `{"code": -1, "data": {}, "msg": …}`，HTTP 状态码为 200，`msg` 说明原因；被拒绝的字段会在其中写明。',
              '安全检查保留各自的 HTTP 状态码，与本服务其他接口一致：缺少 API 密钥或尚未登录返回 401，`Host` 或 `Origin` 不被允许返回 403，请求方法不对返回 405，请求体不是 JSON 返回 415，超过频率限制返回 429。',
              '失败提示默认为英文；请求头带 `Accept-Language: zh` 时为中文。',
            ],
          },
        ],
      },
      {
        id: 'fields',
        title: '逐字段对照',
        blocks: [
          {
            p: '每个字段要么按其含义生效，要么被拒绝并在提示中写明字段名——绝不会被悄悄忽略。值为 `null` 视同未传。`user/create` 和 `user/update` 的字段对应 [session/create](/api/doc/session#session-create) 的字段；启动接口的字段对应 [browser/start](/api/doc/browser#browser-start) 的选项，仅对本次启动有效。',
          },
          {
            table: {
              head: ['AdsPower 字段', '在本服务中'],
              rows: FIELDS_ZH,
            },
          },
        ],
      },
      {
        id: 'refused',
        title: '不支持的内容及原因',
        blocks: [
          {
            p: '被拒绝意味着服务没有任何办法兑现这个取值——如果悄悄接受，脚本就会以为某件事已经生效，而实际上并没有。',
          },
          {
            list: [
              '**编号**（`serial_number`、`profile_no`）：本服务只用 ID 标识环境。',
              '**平台账号**（`username`、`password`、`fakey`）：本服务不保存。',
              '**已保存的代理和刷新链接**（`proxyid`、`proxy_url`、`global_config` 为 1）：请直接在 `user_proxy_config` 中提供代理。',
              '**没有原生手段的指纹取值**（WebGL 图像和音频噪声、字体、GPU、设备名称、MAC 地址、TLS 等）：只接受本机的真实值。',
              '**指定出口 IP**（`ip`、`ipchecker`）：可以指定代理商的国家、地区和城市，但不能指定 IP；IP 查询渠道由服务的 `--ip-lookup` 统一设置。',
              '**`new_first_tab` 为 1、`device_scale`、按 `last_open_time` 排序**：本服务暂不提供。',
            ],
          },
          {
            note: '被拒绝的取值会在提示中列出可用的取值，例如 `webrtc：本服务不支持取值 forward（可用取值：disabled, disableUDP）`。',
          },
        ],
      },
      {
        id: 'create',
        title: '示例：创建环境',
        blocks: [
          {
            p: '使用代理并按出口 IP 设置时区和语言——即 AdsPower 默认的“基于 IP”——对应 `Automatic_Configure` 为 1：调用过程中会检测代理。',
          },
          { code: CREATE_PYTHON, language: 'py', title: 'Python（requests）' },
        ],
      },
      {
        id: 'selenium',
        title: '示例：Python requests + Selenium',
        blocks: [
          {
            p: '按照 AdsPower 官方的“Python selenium 4”示例编写，只改了地址。测试套件会用真实的服务和浏览器运行这个脚本。',
          },
          { code: SELENIUM, language: 'py', title: 'adspower_selenium.py' },
          {
            note: '`driver.quit()` 结束 Selenium 会话；随后的关闭接口会关闭浏览器并保存其 Cookie。',
          },
        ],
      },
      {
        id: 'puppeteer',
        title: '示例：Puppeteer',
        blocks: [
          {
            p: '在 Node.js 18 及以上版本中使用 v2 接口：启动环境，让 Puppeteer 连接 `data.ws.puppeteer`，最后关闭环境。',
          },
          { code: PUPPETEER, language: 'js', title: 'adspower_puppeteer.mjs' },
          {
            p: '请用 `browser.disconnect()` 而不是 `browser.close()`：关闭接口会关闭浏览器并保存 Cookie。使用本服务自有接口的更多示例见[代码示例](/api/doc/example)。',
          },
        ],
      },
    ],
  },

  mcp: {
    lead: '本地服务同时也是一个 MCP 服务器。AI 智能体和 MCP 客户端可以查询、创建、启动和关闭环境，并在运行中的环境里打开网页、读取页面、点击、输入、截图和读取 Cookie——所用的服务、安全检查和密钥都与 HTTP 接口相同。',
    sections: [
      {
        id: 'what',
        title: '这是什么',
        blocks: [
          {
            p: 'MCP（模型上下文协议，Model Context Protocol）是 AI 助手调用工具的方式。服务在 `POST /mcp` 上通过 MCP 的 Streamable HTTP 传输方式提供该协议（基于官方的 `@modelcontextprotocol/sdk` 实现）。',
          },
          {
            list: [
              '无状态：每个 POST 请求都由新的服务器实例处理，并直接返回 JSON。`GET` 和 `DELETE` 返回 HTTP 405——没有 SSE 流，也没有需要结束的 MCP 会话。',
              '与 HTTP 接口一样，工具需要服务已登录：请在启动智能体之前先[登录](/api/doc/help#login)。',
              '页面类工具直接连接环境自己的调试端口，每次工具调用使用一个连接，调用结束即关闭。它们从不启用 `Runtime`，也不在页面自身的上下文中运行脚本，因此智能体不会留下自动化痕迹。',
            ],
          },
        ],
      },
      {
        id: 'connect',
        title: '连接 MCP 客户端',
        blocks: [
          {
            p: '读取 `mcpServers` 配置文件的客户端（例如 Claude Code 的 `.mcp.json`）可以这样填写地址：',
          },
          { code: MCP_CONFIG, language: 'json', title: '.mcp.json' },
          { p: '服务开启了 `--api-key on` 时，把密钥加到请求头中：' },
          { code: MCP_CONFIG_KEY, language: 'json', title: '.mcp.json' },
          { p: '也可以在 Claude Code 的命令行中添加：' },
          { code: CLAUDE_CODE_ZH, language: 'sh' },
        ],
      },
      {
        id: 'sdk',
        title: '在自己的代码中调用',
        blocks: [
          {
            p: '使用 TypeScript SDK 时，通过 `StreamableHTTPClientTransport` 连接一个 `Client`，然后列出工具并调用。服务自己的测试也正是这样调用的。',
          },
          { code: SDK.zh, language: 'js', title: 'agent.mjs' },
        ],
      },
      {
        id: 'tools',
        title: '工具列表',
        blocks: [
          { generated: 'mcp-tools' },
          {
            p: '典型流程：先用 `list_environments` 或 `create_environment`，再用 `start_environment`；用 `navigate` 打开网页，用 `snapshot` 读取页面；用快照中的 ref 调用 `click` 和 `type`；用 `screenshot` 和 `cookies` 检查结果；最后用 `stop_environment` 关闭环境。',
          },
          { p: '快照中每个元素占一行，并带有 `click` 和 `type` 所用的 ref：' },
          { code: SNAPSHOT, language: 'text' },
          {
            note: 'ref 只在生成它的快照中有效：页面变化后请重新获取快照。工具操作的是最近一次使用的标签页，没有则使用第一个标签页。',
          },
        ],
      },
      {
        id: 'guards',
        title: '安全检查与 API 密钥',
        blocks: [
          {
            list: [
              '所有接口的安全检查同样适用于 `/mcp`：`Host` 必须是本机回环地址，`Origin` 必须被允许，请求体必须是 JSON。',
              '服务开启 `--api-key on` 时，通过 `Authorization: Bearer KEY`、`X-API-Key` 请求头或 `?api_key=KEY` 发送密钥。缺少密钥的请求在到达 MCP 之前就会返回 HTTP 401，客户端会报告传输错误。',
              '工具与其对应的 HTTP 接口共用频率限制：`create_environment` 与 `session/create` 共用，`list_environments` 与 `session/listid` 共用。',
              '工具只能操作当前登录账号有权使用的环境，与 HTTP 接口完全相同。',
            ],
          },
          { generated: 'flags' },
        ],
      },
      {
        id: 'errors',
        title: '错误格式',
        blocks: [
          {
            p: '被拒绝的工具调用会返回 MCP 工具错误（`isError: true`）。其文本为 `{"code": …, "message": …}`，代码和提示与对应的 HTTP 接口相同；请求头带 `Accept-Language: zh` 时提示为中文。',
          },
          { code: TOOL_ERROR.zh, language: 'json' },
          {
            list: [
              '`-4`：服务尚未登录。',
              '`-22`：环境不存在（或不属于当前账号）。',
              '`-101` 至 `-112`：`create_environment` 的某个字段被拒绝，与 [session/create](/api/doc/session#session-create) 相同。',
              '`-10000`：参数无效（例如 `file://` 地址会返回 `参数无效：url`），以及没有专门返回码的页面操作问题——环境未运行、找不到元素等——提示中会说明该怎么做。',
            ],
          },
          {
            p: '全部返回码见[返回码](/api/doc/code)页面。',
          },
        ],
      },
    ],
  },
};

export const apiDocBeyondPages: Record<Lang, Record<BeyondSlug, ProsePage>> = { en, zh };
