/**
 * Copy of the hand-written documentation pages of the local API, in both languages. Tables of
 * calls, fields, flags, codes, limits and files are not written here: `{ generated: … }` blocks
 * are filled from the contract at build time (pages/api-doc/build/model.ts).
 */
import type { Lang } from '@hainiao/contract';
import type { ProsePage } from '../../pages/api-doc/types.ts';
import { apiDocBeyondPages, type BeyondSlug } from './api-doc-beyond.ts';

export type ProseSlug =
  | 'overview'
  | 'help'
  | 'http'
  | 'question'
  | 'postman'
  | 'postman-debug'
  | 'postman-example'
  | 'example'
  | BeyondSlug;

const LOGIN_CURL = `curl -X POST http://127.0.0.1:8186/login \\
  -H 'Content-Type: application/json' \\
  -d '{"Account":"alice","APP_ID":"<APP_ID>","APP_KEY":"<APP_KEY>"}'`;

const FIRST_CALLS = `${LOGIN_CURL}
# {"msg":"Login Success","status":0,"data":{"Account":"alice","type":0,…}}

curl -X POST http://127.0.0.1:8186/api/v1/group/list -H 'Content-Type: application/json' -d '{}'
# {"message":"Group List Return Success","code":0,"data":{"Group_Name_List":["default"]}}`;

const RAW_HTTP = `POST /api/v1/session/listid HTTP/1.1
Host: 127.0.0.1:8186
Content-Type: application/json
Accept-Language: en

{"Session_GroupName":"Amazon","ListNum":20}`;

const ENVELOPES = `// /api/v1/* calls
{ "message": "Session List Return Success", "code": 0, "data": { "listid": ["373808cb…"], "total": 1 } }

// /login and /members
{ "msg": "Login Success", "status": 0, "data": { "Account": "alice", "type": 0 } }

// a failure: HTTP 400, code -10000, the message names the field
{ "message": "Unknown field: Session_Nmae", "code": -10000, "data": null }`;

const NODE_FETCH = `const res = await fetch('http://127.0.0.1:8186/api/v1/session/listid', {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ ListNum: 20 }),
});
const { code, message, data } = await res.json();`;

const PYTHON_REQUESTS = `import requests

answer = requests.post("http://127.0.0.1:8186/api/v1/session/listid",
                       json={"ListNum": 20}, timeout=90).json()
print(answer["code"], answer["data"]["listid"])`;

const POWERSHELL = `$body = @{ ListNum = 20 } | ConvertTo-Json
Invoke-RestMethod -Method Post -Uri http://127.0.0.1:8186/api/v1/session/listid \`
  -ContentType 'application/json' -Body $body`;

const START_WITH_LOGIN = `hainiao-api --port 8186 --account alice --app_id <APP_ID> --app_key <APP_KEY>`;

const NEWMAN = `npx newman run hainiao-local-api.postman_collection.json \\
  -e hainiao-local-api.postman_environment.json \\
  --env-var account=alice --env-var appId=<APP_ID> --env-var appKey=<APP_KEY>`;

const SET_ENV = `# macOS / Linux / Git Bash
export HAINIAO_API=http://127.0.0.1:8186
export HAINIAO_ACCOUNT=alice HAINIAO_APP_ID=<APP_ID> HAINIAO_APP_KEY=<APP_KEY>

# Windows PowerShell
$env:HAINIAO_ACCOUNT = 'alice'; $env:HAINIAO_APP_ID = '<APP_ID>'; $env:HAINIAO_APP_KEY = '<APP_KEY>'`;

const en: Record<ProseSlug, ProsePage> = {
  overview: {
    lead: 'The local API lets your own programs drive Hainiao without its window: log in, create and configure environments, start them and automate their browsers with Puppeteer, Playwright or Selenium. It runs on your computer as `hainiao-api` and answers JSON over HTTP.',
    sections: [
      {
        id: 'how-it-works',
        title: 'How it works',
        blocks: [
          {
            p: 'Start the service (see [Start and log in](/api/doc/help)), log it in once with an API credential, then send calls. Every call is a `POST` with a JSON body to `http://127.0.0.1:8186` (the default port); every answer is JSON too.',
          },
          { code: FIRST_CALLS, language: 'sh' },
          {
            p: 'Answers of `/api/v1/*` calls are `{message, code, data}`; `/login` and `/members` answer `{msg, status, data}`. Code 0 means success; every other code is explained on the [answer codes](/api/doc/code) page. Send `Accept-Language: zh` to get the messages in Chinese.',
          },
        ],
      },
      {
        id: 'concepts',
        title: 'Environments, groups, scripts and plugins',
        blocks: [
          {
            list: [
              '**Environment** (also called session): a browser profile with its own fingerprint, proxy, time zone, language, cookies and start pages. Its ID is `Session_ID` (the create answer spells it `Session_Id`). See [Environments](/api/doc/session).',
              '**Group**: a named folder of environments; `default` always exists. See [Groups](/api/doc/group).',
              '**Running environment**: [start](/api/doc/browser#browser-start) answers `browser_CDP_Port` for Puppeteer and Playwright and `webdriver` (the chromedriver path) for Selenium.',
              '**Script**: JavaScript of your script library that runs in every page of an environment; one is active at a time. See [Scripts](/api/doc/script).',
              '**Plugin**: a browser extension of the plugin library, installed per environment. See [Plugins](/api/doc/plugin).',
            ],
          },
        ],
      },
      {
        id: 'calls',
        title: 'All calls',
        blocks: [
          {
            p: 'Each call has its purpose, fields (type, required, limits), an example request and answer, the codes it can answer and a "try it" panel on its page.',
          },
          { generated: 'call-index' },
        ],
      },
      {
        id: 'limits',
        title: 'Limits at a glance',
        blocks: [{ generated: 'limits' }],
      },
      {
        id: 'machine-readable',
        title: 'OpenAPI and Postman',
        blocks: [
          {
            p: 'The same descriptions, generated from the schemas the service validates with, are available as an OpenAPI 3.1 document — from your service at `GET /openapi.json` and from this site — and as a [Postman collection](/api/doc/postman) that runs every call in order.',
          },
          { generated: 'downloads' },
        ],
      },
    ],
  },

  help: {
    lead: '`hainiao-api` is the program of the local API. It listens on 127.0.0.1 only, keeps its data in a folder of your user profile, and logs in to the Hainiao cloud with an API credential.',
    sections: [
      {
        id: 'start',
        title: 'Start the service',
        blocks: [
          {
            p: 'Open a terminal (Command Prompt or PowerShell on Windows) and run `hainiao-api`. Without flags it listens on port 8186 and prints each call it answers:',
          },
          {
            code: 'hainiao-api\n# Hainiao local API listening on http://127.0.0.1:8186 (data: C:\\Users\\alice\\.hainiao)\n# Browser core 106.0.5249.119 (C:\\Program Files\\Hainiao\\core\\106\\chrome.exe)',
            language: 'sh',
          },
          {
            p: 'In a checkout of the source repository the same program runs with `npm run local-api -- FLAGS`, and `npm start` starts it together with the cloud.',
          },
        ],
      },
      {
        id: 'flags',
        title: 'Start-up flags',
        blocks: [
          { generated: 'flags' },
          {
            p: '`on|off` flags accept `on`/`off`, `1`/`0`, `true`/`false` and `yes`/`no`. `hainiao-api --help` prints the list.',
          },
        ],
      },
      {
        id: 'credential',
        title: 'Get an API credential',
        blocks: [
          {
            list: [
              'Sign in on this site and open the [API console](/api).',
              'Press **Apply** to get a credential (a non-team account holds one; a team main account one per member).',
              'Reveal the key: `APP_ID` and `APP_KEY` are what the service logs in with.',
            ],
            ordered: true,
          },
          {
            note: 'A credential works on one device at a time. While your service holds it, the console shows it online; a service on another computer gets -12 until this one quits or logs in with another credential.',
          },
        ],
      },
      {
        id: 'login',
        title: 'Log in',
        blocks: [
          { p: 'Either start the service logged in:' },
          { code: START_WITH_LOGIN, language: 'sh' },
          { p: 'or log it in (or switch accounts) with the [login call](/api/doc/login#login):' },
          { code: LOGIN_CURL, language: 'sh' },
          {
            p: 'Status 0 is success and the answer carries the account type and dates. -1 means the APP_ID or APP_KEY is wrong, -3 that the package expired, -12 that the credential is online on another computer. Until a login succeeds, every other call answers -4 (HTTP 401).',
          },
        ],
      },
      {
        id: 'background',
        title: 'Run in the background',
        blocks: [
          {
            p: '`hainiao-api --hide on` starts the service detached from the terminal, waits until it listens, prints its address and process ID, and returns. Its output goes to `<data>/logs/console.log` and its process ID to `<data>/hainiao-api.pid`.',
          },
        ],
      },
      {
        id: 'data',
        title: 'Data and logs',
        blocks: [
          {
            list: [
              '`<data>/local-api.sqlite`: your environments, groups, start pages, scripts and plugins.',
              '`<data>/sessions/<Session_ID>/`: the browser profile of each environment (removed with it).',
              '`<data>/library/`: downloaded plugins and scripts.',
              '`<data>/logs/local-api.log`: every call and answer with `--logs on` (APP_KEY, proxy passwords and tokens are masked).',
            ],
          },
        ],
      },
      {
        id: 'stop',
        title: 'Stop the service',
        blocks: [
          {
            p: 'Call [quit](/api/doc/login#quit) (`POST /api/v1/quit`), or press Ctrl+C in its terminal. Either way the running browsers are closed and the credential is released at once.',
          },
        ],
      },
    ],
  },

  http: {
    lead: 'Any HTTP client can call the local API: curl, Postman, Python requests, Node.js fetch, C#, Java, PowerShell, AutoIt or Easy Language (易语言). This page is what they all need to know.',
    sections: [
      {
        id: 'request',
        title: 'The request',
        blocks: [
          {
            list: [
              'Method `POST`, URL `http://127.0.0.1:8186` plus the call path. Paths are case-sensitive (`id_script_Deactivate`, `BrowserCache-clean`).',
              'Header `Content-Type: application/json` whenever there is a body.',
              'Optional header `Accept-Language: zh` for Chinese messages (English otherwise).',
              'Body: a JSON object with the fields of the call. A field the call does not know is refused, so a misspelt field is reported instead of ignored. Calls without parameters take `{}` or no body.',
              'Numbers and 0/1 switches may also be sent as text (`"1"`, `"8080"`), as some Windows tools send every value as a string.',
            ],
          },
          { code: RAW_HTTP, language: 'http' },
        ],
      },
      {
        id: 'answer',
        title: 'The answer',
        blocks: [
          { code: ENVELOPES, language: 'json' },
          {
            p: "Calls that act on several environments (start, stop, kill, status, id_container, auto_open/list) report each one in a list of `data`, with its own `status`; the answer's `code` is then 0 as long as the call itself ran.",
          },
        ],
      },
      {
        id: 'statuses',
        title: 'HTTP status codes',
        blocks: [{ generated: 'http-statuses' }],
      },
      {
        id: 'rate-limits',
        title: 'Rate limits',
        blocks: [
          { p: 'These calls are limited per minute (a sliding minute); all others are not:' },
          { generated: 'rate-limits' },
          {
            p: 'One call too many answers HTTP 429 with code -10000, a `Retry-After` header in seconds, and a message such as `Rate limit exceeded: 40 calls per minute for /api/v1/session/update`.',
          },
        ],
      },
      {
        id: 'security',
        title: 'Security',
        blocks: [
          {
            list: [
              'The service listens on 127.0.0.1 and answers only requests whose `Host` is a loopback name (`127.0.0.1`, `localhost`, `[::1]`), which defeats DNS rebinding.',
              'Web pages may call it only from the site given with `--cloud` (the "try it" panels of these pages); browsers send their `Origin` and any other origin is refused.',
              'Only JSON bodies are read. APP_KEY, proxy passwords and tokens are masked in printed and logged calls.',
            ],
          },
        ],
      },
      {
        id: 'openapi',
        title: 'The OpenAPI document',
        blocks: [
          {
            p: 'Your service describes itself: `GET /openapi.json` needs no login and answers the OpenAPI 3.1 document of every call (field types, limits, required fields, examples, codes), the same one this site publishes.',
          },
          {
            code: 'curl http://127.0.0.1:8186/openapi.json -o hainiao-local-api.json',
            language: 'sh',
          },
        ],
      },
      {
        id: 'clients',
        title: 'The same call in other clients',
        blocks: [
          { code: NODE_FETCH, language: 'js', title: 'Node.js (18+)' },
          { code: PYTHON_REQUESTS, language: 'py', title: 'Python' },
          { code: POWERSHELL, language: 'powershell', title: 'Windows PowerShell' },
        ],
      },
    ],
  },

  question: {
    lead: 'Answers to what goes wrong most often, by symptom.',
    sections: [
      {
        id: 'cannot-connect',
        title: 'Connection refused, or the call never answers',
        blocks: [
          {
            p: "The service is not running, or listens on another port. Start `hainiao-api` and read the address it prints; with `--port` use that port in your URLs. Call `127.0.0.1`, not the computer's network address: the service listens on the loopback interface only.",
          },
        ],
      },
      {
        id: 'not-logged-in',
        title: 'Every call answers -4 (HTTP 401)',
        blocks: [
          {
            p: 'The service is not logged in: call [/login](/api/doc/login#login) first, or start it with `--account`, `--app_id` and `--app_key`. A login also ends when the credential is reset or deleted in the API console.',
          },
        ],
      },
      {
        id: 'login-failed',
        title: 'Login answers -1, -3 or -12',
        blocks: [
          {
            list: [
              '-1: the Account, APP_ID or APP_KEY is wrong. Copy them again from the API console (revealing the key); a reset key replaces the old one.',
              "-3: the account's package has expired.",
              '-12: the credential is in use by a service on another computer. Quit that one, or wait 90 seconds after it stopped without quitting.',
            ],
          },
        ],
      },
      {
        id: 'bad-request',
        title: 'HTTP 400: Unknown field, Missing required parameter, Invalid parameter',
        blocks: [
          {
            p: 'Bodies are checked field by field, and the message names the field. Spell fields exactly as documented, including `Orgin_Group_Name`, and send `Session_ID` (the create answer spells it `Session_Id`). Check the limits in the field tables: `ListNum` at most 500, at most 100 IDs for start and status, at most 2000 for delete.',
          },
        ],
      },
      {
        id: 'unknown-call',
        title: 'HTTP 404: Unknown call',
        blocks: [
          {
            p: 'The path is wrong. Paths are case-sensitive and every call is a POST: `/api/v1/session/id_script_Deactivate`, `/api/v1/session/BrowserCache-clean`.',
          },
        ],
      },
      {
        id: 'forbidden',
        title: 'HTTP 403: Forbidden host or Forbidden origin',
        blocks: [
          {
            p: '"Forbidden host": the request named another host than `127.0.0.1`, `localhost` or `[::1]` (for example the computer\'s name). "Forbidden origin": a web page of another site called the service; only the site given with `--cloud` may. Calls from other computers are not accepted; use an SSH tunnel if you must.',
          },
        ],
      },
      {
        id: 'session-not-found',
        title: '-22: Session ID not found',
        blocks: [
          {
            p: 'The environment does not exist, was deleted, or belongs to another account that did not share it with you. [listid](/api/doc/session#session-listid) lists the IDs you can use.',
          },
        ],
      },
      {
        id: 'start-failed',
        title: 'start answers -2 for an environment',
        blocks: [
          {
            p: "The browser could not start; the entry's `message` says why. Usually no browser was found (start the service with `--browser-path`), or a Linux computer without a desktop lacks Xvfb, which the service starts for windows by itself (`apt-get install xvfb`, or start with `isHeadless` 1).",
          },
        ],
      },
      {
        id: 'headless-stop',
        title: 'stop answers -20',
        blocks: [
          {
            p: 'The environment runs headless, and headless environments can only be ended with [kill](/api/doc/browser#browser-kill).',
          },
        ],
      },
      {
        id: 'proxy-check',
        title: '-105: proxy detection failed',
        blocks: [
          {
            p: 'The proxy did not work when checked (create or proxy update with `Automatic_Configure` 1 or `Is_CheckProxy` 1). `data.Proxy_Check_Code` is a libcurl code: 5 or 6 the host name is unknown, 7 nothing accepts connections there, 28 it timed out, 97 the proxy refused the handshake (often its user name or password). See the [proxy check codes](/api/doc/code#curl).',
          },
        ],
      },
      {
        id: 'slow-create',
        title: 'Create takes long or times out',
        blocks: [
          {
            p: 'With `Automatic_Configure` 1 the service checks the proxy and reads the locale of its exit IP before it answers. Let your client wait more than 68 seconds for that call.',
          },
        ],
      },
      {
        id: 'rate-limited',
        title: 'HTTP 429: Rate limit exceeded',
        blocks: [
          {
            p: 'Login, session update, proxy update and delete are limited per minute. Wait the seconds of the `Retry-After` header, or update several fields in one call.',
          },
        ],
      },
      {
        id: 'cdp',
        title: 'Puppeteer, Playwright or Selenium cannot connect',
        blocks: [
          {
            p: 'Connect to `http://127.0.0.1:<browser_CDP_Port>` with the port of the start (or status) answer of that environment; the port changes at every start. With Puppeteer call `browser.disconnect()` rather than `browser.close()`, and end the environment with stop or kill so its cookies are saved. Selenium needs the `webdriver` path of the answer (a chromedriver of the same version). See the [examples](/api/doc/example).',
          },
        ],
      },
      {
        id: 'console-events',
        title: 'My script gets no console messages or page errors',
        blocks: [
          {
            p: "The DevTools port of a started environment hides automation from the sites it opens: it never turns on the protocol's `Runtime` domain in a page (a page can tell when it is on) and drops the library names Puppeteer and Playwright put in stack traces. Everything else works as usual, but console messages (`page.on('console')`) and uncaught page errors (`page.on('pageerror')`) are not reported. If you need them, start with `Raw_DevTools` 1 in [start](/api/doc/browser#browser-start) (`cdp_mask` 0 in the AdsPower-compatible calls): the port is then Chromium's own, and sites can see the automation.",
          },
        ],
      },
      {
        id: 'try-it',
        title: 'The "try it" panel cannot reach my service',
        blocks: [
          {
            p: "The panel calls `http://127.0.0.1:<port>` from this page. The service must be running on this computer with that port, and accept this site: its `--cloud` must be this site's address (the default is `http://localhost:8080`).",
          },
        ],
      },
      {
        id: 'chinese',
        title: 'Messages in Chinese',
        blocks: [
          {
            p: 'Send the header `Accept-Language: zh`. Field names and paths stay the same in both languages.',
          },
        ],
      },
    ],
  },

  postman: {
    lead: 'A Postman collection with every call of the local API, generated from the same schemas as these pages and ready to run against your own service.',
    sections: [
      {
        id: 'download',
        title: 'Download',
        blocks: [{ generated: 'downloads' }],
      },
      {
        id: 'import',
        title: 'Import',
        blocks: [
          {
            list: [
              'In Postman choose **Import** and drop both files (or paste the link of the collection).',
              'Select the environment **Hainiao local API (127.0.0.1:8186)** in the top right corner.',
              'Fill in `account`, `appId` and `appKey` from the [API console](/api); change `port` if you started the service with `--port`.',
              'Start `hainiao-api`, open **1. Log in** and send **Log in**.',
            ],
            ordered: true,
          },
        ],
      },
      {
        id: 'variables',
        title: 'Variables',
        blocks: [
          { generated: 'postman-variables' },
          {
            p: '`sessionId` is set by **Create an environment** and `pluginId` by **Plugin library**, so send those first (or run the folders in order).',
          },
        ],
      },
      {
        id: 'run',
        title: 'Run the whole collection',
        blocks: [
          {
            p: 'The requests are in an order that works from top to bottom: log in, create a group and an environment, use every call on it, clean up. Run it with the Collection Runner, or from a terminal with newman:',
          },
          { code: NEWMAN, language: 'sh' },
          {
            note: 'The last request, "Shut the service down", ends hainiao-api. Leave it out of a run if you want to keep the service running.',
            tone: 'warn',
          },
        ],
      },
      {
        id: 'openapi',
        title: 'Or import the OpenAPI document',
        blocks: [
          {
            p: 'Postman, Insomnia, Apifox and code generators also import `openapi.json`. That gives every call grouped by area, without the run order and the tests of the collection.',
          },
        ],
      },
    ],
  },

  'postman-debug': {
    lead: "When a request of the collection fails: see what was sent and answered, check the variables, and compare with the service's own log.",
    sections: [
      {
        id: 'console',
        title: 'See what was sent and answered',
        blocks: [
          {
            p: "Open the Postman Console (**View → Show Postman Console**, or Ctrl+Alt+C). Each request shows its URL, headers, body and the full answer. The answer's `message` (or `msg`) says what went wrong and names the field.",
          },
        ],
      },
      {
        id: 'tests',
        title: 'Read the test results',
        blocks: [
          {
            p: 'Every request checks three things: HTTP 200, code (or status) 0, and that `data` has the documented keys. A failed "code is 0" test shows the service\'s message. Look the code up on the [answer codes](/api/doc/code) page.',
          },
        ],
      },
      {
        id: 'variables',
        title: 'Check the variables',
        blocks: [
          {
            p: 'Hover a `{{variable}}` in the URL or body to see its value. An empty `sessionId` means **Create an environment** has not run yet (or failed). Environment values override collection values of the same name.',
          },
        ],
      },
      {
        id: 'common',
        title: 'Common problems',
        blocks: [
          {
            table: {
              head: ['Symptom', 'Cause', 'Fix'],
              rows: [
                [
                  '`connect ECONNREFUSED 127.0.0.1:8186`',
                  'The service is not running, or runs on another port',
                  'Start `hainiao-api`; set `port`',
                ],
                ['-4, HTTP 401', 'Not logged in', 'Send **Log in**; check account, appId, appKey'],
                [
                  '-1 on Log in',
                  'Wrong credential',
                  'Copy APP_ID and APP_KEY again from the console',
                ],
                [
                  'HTTP 400 Unknown field',
                  'A body was edited with a misspelt field',
                  'Compare with the field table of the call',
                ],
                [
                  'HTTP 403 Forbidden host',
                  '`host` is not 127.0.0.1 or localhost',
                  'Set `host` back to 127.0.0.1',
                ],
                ['-22', '`sessionId` is empty or stale', 'Send **Create an environment** again'],
                [
                  '-105 on proxy calls',
                  'The proxy check failed',
                  'Use a working proxy or `Is_CheckProxy` 0',
                ],
              ],
            },
          },
        ],
      },
      {
        id: 'service-log',
        title: "Look at the service's side",
        blocks: [
          {
            p: 'With `--return on` (the default) the service prints every call and its answer in its terminal; with `--logs on` they are also in `<data>/logs/local-api.log`.',
          },
        ],
      },
      {
        id: 'newman',
        title: 'Debug a run with newman',
        blocks: [
          {
            code: 'npx newman run hainiao-local-api.postman_collection.json \\\n  -e hainiao-local-api.postman_environment.json --verbose',
            language: 'sh',
          },
          { p: '`--verbose` prints each request and answer; `--bail` stops at the first failure.' },
        ],
      },
    ],
  },

  'postman-example': {
    lead: 'A walk through the collection, from logging in to cleaning up: what each step sends, what comes back, and what to look at.',
    sections: [
      {
        id: 'before',
        title: 'Before you start',
        blocks: [
          {
            p: 'Start `hainiao-api`, import the collection and environment and fill in your credential (see [Postman: import](/api/doc/postman)).',
          },
        ],
      },
      {
        id: 'steps',
        title: 'The steps',
        blocks: [{ generated: 'postman-flow' }],
      },
      {
        id: 'log-in',
        title: '1. Log in',
        blocks: [
          {
            p: '**Log in** sends your credential from the environment. Status 0 and your account type come back; from now on every call works.',
          },
          { generated: 'call-example:/login' },
        ],
      },
      {
        id: 'create',
        title: '2. Create an environment',
        blocks: [
          {
            p: '**Create an environment** answers the new ID; its test script keeps it for every later request:',
          },
          {
            code: 'pm.collectionVariables.set("sessionId", body.data.Session_Id);',
            language: 'js',
          },
          { generated: 'call-example:/api/v1/session/create' },
        ],
      },
      {
        id: 'start',
        title: '3. Start it',
        blocks: [
          {
            p: '**Start environments** starts it without a window (`isHeadless` 1, so it runs on any computer). Each entry of `data.listid` has a status and, when it is 0, the `browser_CDP_Port` your automation connects to.',
          },
          { generated: 'call-example:/api/v1/browser/start' },
          {
            p: 'A headless environment cannot be stopped, so **Stop environments** answers -20 for it and **Force environments to end** ends it.',
          },
        ],
      },
      {
        id: 'clean-up',
        title: '4. Clean up',
        blocks: [
          {
            p: 'The last folders move the environment back to `default`, delete it and the demo group, and shut the service down.',
          },
          { generated: 'call-example:/api/v1/session/delete' },
        ],
      },
      {
        id: 'runner',
        title: 'Run it all',
        blocks: [
          {
            p: "In the Collection Runner (or with newman) every request should pass its tests. This very collection runs green against a real service in Hainiao's test suite.",
          },
        ],
      },
    ],
  },

  example: {
    lead: 'Complete programs that log in, create an environment, start it, drive its browser and clean up. Each is a file of the repository (`docs/examples/`) that the test suite runs against a real service.',
    sections: [
      {
        id: 'setup',
        title: 'Set up',
        blocks: [
          {
            p: "Start `hainiao-api`, then give the examples your credential (they log in themselves; without it they use the service's current login):",
          },
          { code: SET_ENV, language: 'sh' },
        ],
      },
      {
        id: 'curl',
        title: 'curl (shell)',
        blocks: [
          { p: 'Any POSIX shell with curl (Git Bash on Windows). Run it with `sh curl.sh`.' },
          { generated: 'example:curl' },
        ],
      },
      {
        id: 'puppeteer',
        title: 'Node.js with Puppeteer',
        blocks: [
          {
            p: 'Install with `npm install puppeteer-core`, run with `node puppeteer.mjs`. Puppeteer connects to the started browser through `browser_CDP_Port` and disconnects at the end; the service then ends the browser.',
          },
          { generated: 'example:puppeteer' },
        ],
      },
      {
        id: 'playwright',
        title: 'Node.js with Playwright',
        blocks: [
          {
            p: "Install with `npm install playwright-core`, run with `node playwright.mjs`. `chromium.connectOverCDP` attaches to the environment's browser and uses its context, so the fingerprint, proxy and cookies are the environment's.",
          },
          { generated: 'example:playwright' },
        ],
      },
      {
        id: 'python-requests',
        title: 'Python with requests',
        blocks: [
          {
            p: 'Install with `pip install requests`, run with `python requests_example.py`. It manages environments and groups only, no browser automation.',
          },
          { generated: 'example:python-requests' },
        ],
      },
      {
        id: 'python-selenium',
        title: 'Python with Selenium',
        blocks: [
          {
            p: "Install with `pip install selenium`, run with `python selenium_example.py`. Selenium attaches to the running browser (`debuggerAddress`) through the chromedriver of the start answer's `webdriver`.",
          },
          { generated: 'example:python-selenium' },
        ],
      },
    ],
  },
  ...apiDocBeyondPages.en,
};

const zh: Record<ProseSlug, ProsePage> = {
  overview: {
    lead: '本地 API 让你自己的程序在不打开海鸟窗口的情况下驱动海鸟：登录、创建和配置环境、启动环境，并用 Puppeteer、Playwright 或 Selenium 自动化其浏览器。它以 `hainiao-api` 程序运行在你的电脑上，通过 HTTP 收发 JSON。',
    sections: [
      {
        id: 'how-it-works',
        title: '工作方式',
        blocks: [
          {
            p: '启动服务（见[启动与登录](/api/doc/help)），用 API 凭证登录一次，然后发送调用。每个接口都是向 `http://127.0.0.1:8186`（默认端口）发送带 JSON 请求体的 `POST` 请求，返回值也是 JSON。',
          },
          { code: FIRST_CALLS, language: 'sh' },
          {
            p: '`/api/v1/*` 接口返回 `{message, code, data}`；`/login` 和 `/members` 返回 `{msg, status, data}`。代码 0 表示成功，其他代码的含义见[返回码](/api/doc/code)页。发送 `Accept-Language: zh` 请求头可获得中文消息。',
          },
        ],
      },
      {
        id: 'concepts',
        title: '环境、分组、脚本和插件',
        blocks: [
          {
            list: [
              '**环境**（也称 session）：拥有独立指纹、代理、时区、语言、Cookie 和启动页的浏览器配置。其 ID 为 `Session_ID`（创建接口的返回值中拼写为 `Session_Id`）。见[环境管理](/api/doc/session)。',
              '**分组**：环境的命名文件夹；`default` 分组始终存在。见[分组管理](/api/doc/group)。',
              '**运行中的环境**：[启动](/api/doc/browser#browser-start)接口返回供 Puppeteer 和 Playwright 使用的 `browser_CDP_Port`，以及供 Selenium 使用的 `webdriver`（chromedriver 路径）。',
              '**脚本**：脚本库中的 JavaScript，在环境的每个网页中运行；同一时间只有一个处于启用状态。见[脚本管理](/api/doc/script)。',
              '**插件**：插件库中的浏览器扩展，按环境安装。见[插件管理](/api/doc/plugin)。',
            ],
          },
        ],
      },
      {
        id: 'calls',
        title: '全部接口',
        blocks: [
          {
            p: '每个接口在其页面上都有用途说明、字段（类型、是否必填、取值范围）、请求与返回示例、可能的返回码以及“在线调试”面板。',
          },
          { generated: 'call-index' },
        ],
      },
      {
        id: 'limits',
        title: '限制一览',
        blocks: [{ generated: 'limits' }],
      },
      {
        id: 'machine-readable',
        title: 'OpenAPI 与 Postman',
        blocks: [
          {
            p: '同样的说明（由服务用于校验请求的同一套 schema 生成）还提供 OpenAPI 3.1 文档——可从你的服务 `GET /openapi.json` 获取，也可从本站下载——以及按顺序运行全部接口的 [Postman 集合](/api/doc/postman)。',
          },
          { generated: 'downloads' },
        ],
      },
    ],
  },

  help: {
    lead: '`hainiao-api` 是本地 API 的程序。它只监听 127.0.0.1，数据保存在用户目录下的文件夹中，并使用 API 凭证登录海鸟云端。',
    sections: [
      {
        id: 'start',
        title: '启动服务',
        blocks: [
          {
            p: '打开终端（Windows 上为命令提示符或 PowerShell）并运行 `hainiao-api`。不带参数时监听 8186 端口，并打印每次调用：',
          },
          {
            code: 'hainiao-api\n# Hainiao local API listening on http://127.0.0.1:8186 (data: C:\\Users\\alice\\.hainiao)\n# Browser core 106.0.5249.119 (C:\\Program Files\\Hainiao\\core\\106\\chrome.exe)',
            language: 'sh',
          },
          {
            p: '在源码仓库中，同一程序通过 `npm run local-api -- 参数` 运行，`npm start` 会将它与云端一起启动。',
          },
        ],
      },
      {
        id: 'flags',
        title: '启动参数',
        blocks: [
          { generated: 'flags' },
          {
            p: '`on|off` 类参数接受 `on`/`off`、`1`/`0`、`true`/`false` 和 `yes`/`no`。`hainiao-api --help` 会打印参数列表。',
          },
        ],
      },
      {
        id: 'credential',
        title: '获取 API 凭证',
        blocks: [
          {
            list: [
              '在本站登录并打开 [API 控制台](/api)。',
              '点击**申请**获取凭证（非团队账号可拥有一个；团队主账号每个成员一个）。',
              '显示密钥：服务使用 `APP_ID` 和 `APP_KEY` 登录。',
            ],
            ordered: true,
          },
          {
            note: '一个凭证同一时间只能在一台设备上使用。你的服务占用凭证期间，控制台显示其为在线；其他电脑上的服务会得到 -12，直到本服务退出或改用其他凭证登录。',
          },
        ],
      },
      {
        id: 'login',
        title: '登录',
        blocks: [
          { p: '可以在启动时直接登录：' },
          { code: START_WITH_LOGIN, language: 'sh' },
          { p: '也可以通过[登录接口](/api/doc/login#login)登录（或切换账号）：' },
          { code: LOGIN_CURL, language: 'sh' },
          {
            p: 'status 为 0 表示成功，返回值包含账号类型和日期。-1 表示 APP_ID 或 APP_KEY 错误，-3 表示套餐已过期，-12 表示该凭证已在其他电脑上在线。登录成功之前，其他所有接口都返回 -4（HTTP 401）。',
          },
        ],
      },
      {
        id: 'background',
        title: '后台运行',
        blocks: [
          {
            p: '`hainiao-api --hide on` 会脱离终端启动服务，等待其开始监听后打印地址和进程 ID 并返回。其输出写入 `<数据目录>/logs/console.log`，进程 ID 写入 `<数据目录>/hainiao-api.pid`。',
          },
        ],
      },
      {
        id: 'data',
        title: '数据与日志',
        blocks: [
          {
            list: [
              '`<数据目录>/local-api.sqlite`：你的环境、分组、启动页、脚本和插件。',
              '`<数据目录>/sessions/<Session_ID>/`：每个环境的浏览器配置（随环境一起删除）。',
              '`<数据目录>/library/`：已下载的插件和脚本。',
              '`<数据目录>/logs/local-api.log`：开启 `--logs on` 时记录每次调用及返回（APP_KEY、代理密码和令牌会被隐藏）。',
            ],
          },
        ],
      },
      {
        id: 'stop',
        title: '关闭服务',
        blocks: [
          {
            p: '调用[退出接口](/api/doc/login#quit)（`POST /api/v1/quit`），或在其终端中按 Ctrl+C。两种方式都会关闭运行中的浏览器并立即释放凭证。',
          },
        ],
      },
    ],
  },

  http: {
    lead: '任何 HTTP 客户端都可以调用本地 API：curl、Postman、Python requests、Node.js fetch、C#、Java、PowerShell、AutoIt 或易语言。本页是它们都需要了解的内容。',
    sections: [
      {
        id: 'request',
        title: '请求',
        blocks: [
          {
            list: [
              '方法为 `POST`，URL 为 `http://127.0.0.1:8186` 加接口路径。路径区分大小写（`id_script_Deactivate`、`BrowserCache-clean`）。',
              '有请求体时必须带 `Content-Type: application/json` 请求头。',
              '可选请求头 `Accept-Language: zh` 返回中文消息（否则为英文）。',
              '请求体：包含接口字段的 JSON 对象。接口不认识的字段会被拒绝，因此拼写错误会被报告而不是被忽略。无参数的接口可发送 `{}` 或不带请求体。',
              '数字和 0/1 开关也可以用文本发送（`"1"`、`"8080"`），因为部分 Windows 工具会把所有值都当作字符串发送。',
            ],
          },
          { code: RAW_HTTP, language: 'http' },
        ],
      },
      {
        id: 'answer',
        title: '返回值',
        blocks: [
          { code: ENVELOPES, language: 'json' },
          {
            p: '作用于多个环境的接口（start、stop、kill、status、id_container、auto_open/list）会在 `data` 的列表中逐个报告每个环境，各自带有 `status`；只要接口本身执行了，返回值的 `code` 就是 0。',
          },
        ],
      },
      {
        id: 'statuses',
        title: 'HTTP 状态码',
        blocks: [{ generated: 'http-statuses' }],
      },
      {
        id: 'rate-limits',
        title: '频率限制',
        blocks: [
          { p: '以下接口按分钟限制调用次数（滑动一分钟窗口）；其他接口不限制：' },
          { generated: 'rate-limits' },
          {
            p: '超出一次即返回 HTTP 429、代码 -10000、以秒为单位的 `Retry-After` 响应头，以及类似 `请求过于频繁：/api/v1/session/update 每分钟最多调用 40 次` 的消息。',
          },
        ],
      },
      {
        id: 'security',
        title: '安全',
        blocks: [
          {
            list: [
              '服务监听 127.0.0.1，只响应 `Host` 为本机地址（`127.0.0.1`、`localhost`、`[::1]`）的请求，可防御 DNS 重绑定攻击。',
              '网页只能从 `--cloud` 指定的站点调用它（即本文档的“在线调试”面板）；浏览器会发送 `Origin`，其他来源一律拒绝。',
              '只读取 JSON 请求体。打印和记录日志时会隐藏 APP_KEY、代理密码和令牌。',
            ],
          },
        ],
      },
      {
        id: 'openapi',
        title: 'OpenAPI 文档',
        blocks: [
          {
            p: '服务可以描述自己：`GET /openapi.json` 无需登录，返回全部接口的 OpenAPI 3.1 文档（字段类型、取值范围、必填字段、示例、返回码），与本站发布的相同。',
          },
          {
            code: 'curl http://127.0.0.1:8186/openapi.json -o hainiao-local-api.json',
            language: 'sh',
          },
        ],
      },
      {
        id: 'clients',
        title: '在其他客户端中调用',
        blocks: [
          { code: NODE_FETCH, language: 'js', title: 'Node.js（18+）' },
          { code: PYTHON_REQUESTS, language: 'py', title: 'Python' },
          { code: POWERSHELL, language: 'powershell', title: 'Windows PowerShell' },
        ],
      },
    ],
  },

  question: {
    lead: '按现象列出最常见问题的解决方法。',
    sections: [
      {
        id: 'cannot-connect',
        title: '连接被拒绝，或调用一直没有返回',
        blocks: [
          {
            p: '服务没有运行，或监听在其他端口。启动 `hainiao-api` 并查看它打印的地址；使用 `--port` 时在 URL 中使用该端口。请调用 `127.0.0.1` 而不是电脑的网络地址：服务只监听本机回环接口。',
          },
        ],
      },
      {
        id: 'not-logged-in',
        title: '所有接口都返回 -4（HTTP 401）',
        blocks: [
          {
            p: '服务尚未登录：请先调用 [/login](/api/doc/login#login)，或使用 `--account`、`--app_id` 和 `--app_key` 启动服务。在 API 控制台中重置或删除凭证也会结束登录。',
          },
        ],
      },
      {
        id: 'login-failed',
        title: '登录返回 -1、-3 或 -12',
        blocks: [
          {
            list: [
              '-1：Account、APP_ID 或 APP_KEY 错误。请从 API 控制台重新复制（显示密钥）；重置后的密钥会替换旧密钥。',
              '-3：账号套餐已过期。',
              '-12：该凭证正被另一台电脑上的服务使用。请让那台服务退出，或在它未正常退出的情况下等待 90 秒。',
            ],
          },
        ],
      },
      {
        id: 'bad-request',
        title: 'HTTP 400：未知字段、缺少必填参数、参数无效',
        blocks: [
          {
            p: '请求体会逐字段检查，消息中会指出字段名。请严格按文档拼写字段，包括 `Orgin_Group_Name`，并发送 `Session_ID`（创建接口的返回值中拼写为 `Session_Id`）。请查看字段表中的取值范围：`ListNum` 最多 500，start 和 status 最多 100 个 ID，delete 最多 2000 个。',
          },
        ],
      },
      {
        id: 'unknown-call',
        title: 'HTTP 404：未知接口',
        blocks: [
          {
            p: '路径错误。路径区分大小写，且所有接口都是 POST：`/api/v1/session/id_script_Deactivate`、`/api/v1/session/BrowserCache-clean`。',
          },
        ],
      },
      {
        id: 'forbidden',
        title: 'HTTP 403：不允许的 Host 或不允许的来源',
        blocks: [
          {
            p: '“不允许的 Host”：请求的主机名不是 `127.0.0.1`、`localhost` 或 `[::1]`（例如使用了电脑名）。“不允许的来源”：其他网站的网页调用了服务；只有 `--cloud` 指定的站点可以。服务不接受来自其他电脑的调用；如确有需要请使用 SSH 隧道。',
          },
        ],
      },
      {
        id: 'session-not-found',
        title: '-22：找不到该环境 ID',
        blocks: [
          {
            p: '环境不存在、已被删除，或属于其他账号且未分享给你。[listid](/api/doc/session#session-listid) 会列出你可以使用的 ID。',
          },
        ],
      },
      {
        id: 'start-failed',
        title: 'start 对某个环境返回 -2',
        blocks: [
          {
            p: '浏览器无法启动；该项的 `message` 会说明原因。通常是没有找到浏览器（使用 `--browser-path` 启动服务），或没有桌面的 Linux 电脑缺少 Xvfb——服务会自行用它显示窗口（执行 `apt-get install xvfb`，或使用 `isHeadless` 为 1 启动）。',
          },
        ],
      },
      {
        id: 'headless-stop',
        title: 'stop 返回 -20',
        blocks: [
          {
            p: '该环境以无头模式运行，无头模式的环境只能用 [kill](/api/doc/browser#browser-kill) 结束。',
          },
        ],
      },
      {
        id: 'proxy-check',
        title: '-105：代理检测失败',
        blocks: [
          {
            p: '检测时代理不可用（创建或更新代理时 `Automatic_Configure` 为 1 或 `Is_CheckProxy` 为 1）。`data.Proxy_Check_Code` 为 libcurl 错误码：5 或 6 表示主机名无法解析，7 表示该地址无法连接，28 表示超时，97 表示代理拒绝握手（通常是用户名或密码错误）。见[代理检测返回码](/api/doc/code#curl)。',
          },
        ],
      },
      {
        id: 'slow-create',
        title: '创建环境很慢或超时',
        blocks: [
          {
            p: '`Automatic_Configure` 为 1 时，服务会先检测代理并读取其出口 IP 的地区信息再返回。请将该调用的客户端超时时间设置为大于 68 秒。',
          },
        ],
      },
      {
        id: 'rate-limited',
        title: 'HTTP 429：请求过于频繁',
        blocks: [
          {
            p: '登录、更新环境、更新代理和删除环境按分钟限制次数。请等待 `Retry-After` 响应头给出的秒数，或在一次调用中更新多个字段。',
          },
        ],
      },
      {
        id: 'cdp',
        title: 'Puppeteer、Playwright 或 Selenium 无法连接',
        blocks: [
          {
            p: '使用该环境启动（或状态）返回值中的端口连接 `http://127.0.0.1:<browser_CDP_Port>`；每次启动端口都会变化。使用 Puppeteer 时调用 `browser.disconnect()` 而不是 `browser.close()`，并用 stop 或 kill 结束环境以保存其 Cookie。Selenium 需要返回值中的 `webdriver` 路径（同版本的 chromedriver）。见[代码示例](/api/doc/example)。',
          },
        ],
      },
      {
        id: 'console-events',
        title: '脚本收不到控制台消息或页面错误',
        blocks: [
          {
            p: "已启动环境的调试端口会对所打开的网站隐藏自动化痕迹：它从不在页面中开启调试协议的 `Runtime` 域（页面能察觉它是否开启），并去掉 Puppeteer 和 Playwright 写进调用栈的库名。其余功能照常可用，但不会上报控制台消息（`page.on('console')`）和页面未捕获的错误（`page.on('pageerror')`）。如果需要它们，请在[启动](/api/doc/browser#browser-start)时传 `Raw_DevTools` 为 1（AdsPower 兼容接口中传 `cdp_mask` 为 0）：此时端口就是 Chromium 原生的调试端口，网站也能察觉自动化操作。",
          },
        ],
      },
      {
        id: 'try-it',
        title: '“在线调试”面板无法连接我的服务',
        blocks: [
          {
            p: '面板从本页面调用 `http://127.0.0.1:<端口>`。服务必须在本电脑上以该端口运行，并接受本站：其 `--cloud` 必须是本站地址（默认为 `http://localhost:8080`）。',
          },
        ],
      },
      {
        id: 'chinese',
        title: '中文消息',
        blocks: [
          {
            p: '发送请求头 `Accept-Language: zh`。字段名和路径在两种语言下相同。',
          },
        ],
      },
    ],
  },

  postman: {
    lead: '包含本地 API 全部接口的 Postman 集合，与本文档由同一套 schema 生成，可直接在你自己的服务上运行。',
    sections: [
      {
        id: 'download',
        title: '下载',
        blocks: [{ generated: 'downloads' }],
      },
      {
        id: 'import',
        title: '导入',
        blocks: [
          {
            list: [
              '在 Postman 中选择**Import**，拖入两个文件（或粘贴集合的链接）。',
              '在右上角选择环境 **Hainiao local API (127.0.0.1:8186)**。',
              '填写 [API 控制台](/api)中的 `account`、`appId` 和 `appKey`；如果用 `--port` 启动了服务，请修改 `port`。',
              '启动 `hainiao-api`，打开 **1. Log in** 并发送 **Log in**。',
            ],
            ordered: true,
          },
        ],
      },
      {
        id: 'variables',
        title: '变量',
        blocks: [
          { generated: 'postman-variables' },
          {
            p: '`sessionId` 由 **Create an environment** 设置，`pluginId` 由 **Plugin library** 设置，因此请先发送这两个请求（或按顺序运行各文件夹）。',
          },
        ],
      },
      {
        id: 'run',
        title: '运行整个集合',
        blocks: [
          {
            p: '请求按从上到下可以运行的顺序排列：登录、创建分组和环境、在其上使用每个接口、清理。可以用 Collection Runner 运行，也可以在终端中用 newman 运行：',
          },
          { code: NEWMAN, language: 'sh' },
          {
            note: '最后一个请求“Shut the service down”会结束 hainiao-api。如需保持服务运行，请在运行时去掉它。',
            tone: 'warn',
          },
        ],
      },
      {
        id: 'openapi',
        title: '或导入 OpenAPI 文档',
        blocks: [
          {
            p: 'Postman、Insomnia、Apifox 和代码生成工具也可以导入 `openapi.json`。这样得到按功能分组的全部接口，但没有集合中的运行顺序和测试。',
          },
        ],
      },
    ],
  },

  'postman-debug': {
    lead: '集合中的请求失败时：查看发送和返回的内容，检查变量，并与服务自己的日志对照。',
    sections: [
      {
        id: 'console',
        title: '查看发送与返回的内容',
        blocks: [
          {
            p: '打开 Postman 控制台（**View → Show Postman Console**，或 Ctrl+Alt+C）。每个请求都显示其 URL、请求头、请求体和完整返回值。返回值中的 `message`（或 `msg`）会说明错误原因并指出字段名。',
          },
        ],
      },
      {
        id: 'tests',
        title: '查看测试结果',
        blocks: [
          {
            p: '每个请求检查三项：HTTP 200、code（或 status）为 0，以及 `data` 含有文档中的字段。“code is 0”测试失败时会显示服务的消息。可在[返回码](/api/doc/code)页查询代码含义。',
          },
        ],
      },
      {
        id: 'variables',
        title: '检查变量',
        blocks: [
          {
            p: '将鼠标悬停在 URL 或请求体中的 `{{变量}}` 上即可看到其值。`sessionId` 为空表示 **Create an environment** 还没有运行（或失败了）。环境变量会覆盖同名的集合变量。',
          },
        ],
      },
      {
        id: 'common',
        title: '常见问题',
        blocks: [
          {
            table: {
              head: ['现象', '原因', '解决方法'],
              rows: [
                [
                  '`connect ECONNREFUSED 127.0.0.1:8186`',
                  '服务没有运行，或运行在其他端口',
                  '启动 `hainiao-api`；设置 `port`',
                ],
                ['-4，HTTP 401', '尚未登录', '发送 **Log in**；检查 account、appId、appKey'],
                ['Log in 返回 -1', '凭证错误', '从控制台重新复制 APP_ID 和 APP_KEY'],
                ['HTTP 400 未知字段', '修改请求体时字段拼写错误', '对照该接口的字段表'],
                [
                  'HTTP 403 不允许的 Host',
                  '`host` 不是 127.0.0.1 或 localhost',
                  '将 `host` 改回 127.0.0.1',
                ],
                ['-22', '`sessionId` 为空或已失效', '重新发送 **Create an environment**'],
                [
                  '代理接口返回 -105',
                  '代理检测失败',
                  '使用可用的代理，或设置 `Is_CheckProxy` 为 0',
                ],
              ],
            },
          },
        ],
      },
      {
        id: 'service-log',
        title: '查看服务端',
        blocks: [
          {
            p: '开启 `--return on`（默认）时，服务会在其终端中打印每次调用及其返回值；开启 `--logs on` 时它们还会写入 `<数据目录>/logs/local-api.log`。',
          },
        ],
      },
      {
        id: 'newman',
        title: '用 newman 调试',
        blocks: [
          {
            code: 'npx newman run hainiao-local-api.postman_collection.json \\\n  -e hainiao-local-api.postman_environment.json --verbose',
            language: 'sh',
          },
          { p: '`--verbose` 会打印每个请求及返回值；`--bail` 在第一次失败时停止。' },
        ],
      },
    ],
  },

  'postman-example': {
    lead: '从登录到清理，逐步讲解集合：每一步发送什么、返回什么、需要关注什么。',
    sections: [
      {
        id: 'before',
        title: '开始之前',
        blocks: [
          {
            p: '启动 `hainiao-api`，导入集合和环境并填写你的凭证（见 [Postman：导入](/api/doc/postman)）。',
          },
        ],
      },
      {
        id: 'steps',
        title: '步骤',
        blocks: [{ generated: 'postman-flow' }],
      },
      {
        id: 'log-in',
        title: '1. 登录',
        blocks: [
          {
            p: '**Log in** 发送环境中的凭证。返回 status 0 和你的账号类型；此后所有接口都可以使用。',
          },
          { generated: 'call-example:/login' },
        ],
      },
      {
        id: 'create',
        title: '2. 创建环境',
        blocks: [
          { p: '**Create an environment** 返回新环境的 ID；其测试脚本会保存它供后续请求使用：' },
          {
            code: 'pm.collectionVariables.set("sessionId", body.data.Session_Id);',
            language: 'js',
          },
          { generated: 'call-example:/api/v1/session/create' },
        ],
      },
      {
        id: 'start',
        title: '3. 启动环境',
        blocks: [
          {
            p: '**Start environments** 以无窗口方式启动它（`isHeadless` 为 1，因此任何电脑上都能运行）。`data.listid` 中每一项都有 status，为 0 时还有供自动化程序连接的 `browser_CDP_Port`。',
          },
          { generated: 'call-example:/api/v1/browser/start' },
          {
            p: '无头模式的环境不能用 stop 关闭，因此 **Stop environments** 对它返回 -20，由 **Force environments to end** 结束它。',
          },
        ],
      },
      {
        id: 'clean-up',
        title: '4. 清理',
        blocks: [
          { p: '最后几个文件夹会把环境移回 `default`，删除它和演示分组，并关闭服务。' },
          { generated: 'call-example:/api/v1/session/delete' },
        ],
      },
      {
        id: 'runner',
        title: '全部运行',
        blocks: [
          {
            p: '在 Collection Runner（或 newman）中，每个请求都应通过其测试。这个集合正是在海鸟的测试套件中针对真实服务运行并全部通过的。',
          },
        ],
      },
    ],
  },

  example: {
    lead: '完整的程序示例：登录、创建环境、启动环境、驱动其浏览器并清理。每个示例都是仓库中的一个文件（`docs/examples/`），测试套件会针对真实服务运行它们。',
    sections: [
      {
        id: 'setup',
        title: '准备',
        blocks: [
          {
            p: '启动 `hainiao-api`，然后把凭证提供给示例（示例会自行登录；不提供时使用服务当前的登录）：',
          },
          { code: SET_ENV, language: 'sh' },
        ],
      },
      {
        id: 'curl',
        title: 'curl（Shell）',
        blocks: [
          { p: '任何带 curl 的 POSIX Shell（Windows 上可用 Git Bash）。用 `sh curl.sh` 运行。' },
          { generated: 'example:curl' },
        ],
      },
      {
        id: 'puppeteer',
        title: 'Node.js + Puppeteer',
        blocks: [
          {
            p: '用 `npm install puppeteer-core` 安装，用 `node puppeteer.mjs` 运行。Puppeteer 通过 `browser_CDP_Port` 连接已启动的浏览器，结束时断开连接，然后由服务结束浏览器。',
          },
          { generated: 'example:puppeteer' },
        ],
      },
      {
        id: 'playwright',
        title: 'Node.js + Playwright',
        blocks: [
          {
            p: '用 `npm install playwright-core` 安装，用 `node playwright.mjs` 运行。`chromium.connectOverCDP` 连接到环境的浏览器并使用其上下文，因此指纹、代理和 Cookie 都是该环境的。',
          },
          { generated: 'example:playwright' },
        ],
      },
      {
        id: 'python-requests',
        title: 'Python + requests',
        blocks: [
          {
            p: '用 `pip install requests` 安装，用 `python requests_example.py` 运行。它只管理环境和分组，不做浏览器自动化。',
          },
          { generated: 'example:python-requests' },
        ],
      },
      {
        id: 'python-selenium',
        title: 'Python + Selenium',
        blocks: [
          {
            p: '用 `pip install selenium` 安装，用 `python selenium_example.py` 运行。Selenium 通过启动返回值中 `webdriver` 指向的 chromedriver 连接正在运行的浏览器（`debuggerAddress`）。',
          },
          { generated: 'example:python-selenium' },
        ],
      },
    ],
  },
  ...apiDocBeyondPages.zh,
};

export const apiDocPages: Record<Lang, Record<ProseSlug, ProsePage>> = { en, zh };
