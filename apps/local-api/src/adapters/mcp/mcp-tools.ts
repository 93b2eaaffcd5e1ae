/**
 * The MCP tools (adapters/mcp/mcp.ts): each a thin layer over what the HTTP calls use — the store, the
 * domain's rules, the BrowserRuntime, the contract's schemas — and, inside a running environment,
 * its own DevTools endpoint (adapters/mcp/mcp-page.ts). Arguments are checked with parseBody like a
 * call's body, so a refusal carries the same code and message as the HTTP call would.
 */
import { z } from 'zod';
import {
  BrowserCodes,
  createSessionBody,
  listSessionIdsBody,
  LIST_NUM_DEFAULT,
  sessionId,
  startPageUrl,
  type Lang,
  mcpMessages,
} from '@hainiao/contract';
import type { Login } from '../../account/auth.ts';
import type { ServiceContext } from '../../context.ts';
import { resolve } from '../../domain/access.ts';
import { endEnvironment, startEnvironment } from '../../domain/environment-browser.ts';
import { createEnvironment } from '../../domain/environment-create.ts';
import { launchPlan } from '../../domain/launch-plan.ts';
import { fail, UNKNOWN_EXCEPTION } from '../../http/envelope.ts';
import {
  click,
  navigate,
  pageCookies,
  screenshot,
  snapshot,
  type as typeText,
  type PageDriver,
  type ElementTarget,
} from './mcp-page.ts';
import type { CdpConnection } from '../../runtime/devtools/cdp.ts';
import { pageOnlyValues } from '../../runtime/fingerprint/host.ts';
import { createRequestOf } from '../v1/environment.ts';
import { environmentView, runningView } from '../v1/views.ts';

const B = BrowserCodes.code;

export type ToolContent =
  { type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string };

export interface ToolCall {
  ctx: ServiceContext;
  pages: PageDriver;
  /** The caller's language (Accept-Language), for the texts the tools write. */
  lang: Lang;
  /** The account the service is logged in as (a tool answers -4 before a login). */
  login: Login;
}

export interface Tool<S extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  schema: S;
  /** The environment calls whose field rules answer -101 … -112 (http/route.ts). */
  fieldCodes?: boolean;
  /** The HTTP call whose rate limit the tool shares (LOCAL_API_RATE_LIMITS). */
  rateLimitOf?: string;
  run(args: z.output<S>, call: ToolCall): Promise<ToolContent[]>;
}

const json = (value: unknown): ToolContent[] => [
  { type: 'text', text: JSON.stringify(value, null, 2) },
];

const tool = <S extends z.ZodType>(definition: Tool<S>): Tool => definition as unknown as Tool;

const environment = { Session_ID: sessionId() };
const element = {
  ref: z.string().min(1).optional().describe('The element reference from a snapshot, e.g. "e42"'),
  selector: z
    .string()
    .min(1)
    .optional()
    .describe('A CSS selector, when no snapshot reference fits (the first match is used)'),
};

function elementOf(args: ElementTarget): ElementTarget {
  if ((args.ref === undefined) === (args.selector === undefined)) {
    throw fail(UNKNOWN_EXCEPTION, mcpMessages.elementTarget, {}, 400);
  }
  return args;
}

/** Runs `work` on the page of a running environment the account may see. */
async function inPage<T>(
  call: ToolCall,
  id: string,
  work: (page: CdpConnection) => Promise<T>,
): Promise<T> {
  const { ctx, pages } = call;
  resolve(ctx.envs, call.login.account, id, 'read');
  const running = ctx.runtime.running(id);
  if (!running?.cdpPort) {
    const condition = ctx.runtime.condition(id);
    const entry = condition === undefined ? undefined : BrowserCodes.get(condition);
    throw entry
      ? fail(entry.code, { en: `${entry.en}: ${id}`, zh: `${entry.zh}：${id}` })
      : fail(UNKNOWN_EXCEPTION, mcpMessages.notRunning, { id });
  }
  return pages.withPage(id, running.cdpPort, work);
}

/** The subset of create's fields an agent sets; the rest keep create's defaults. */
const createFields = createSessionBody
  .pick({
    Session_Name: true,
    Session_Desc: true,
    Session_Group: true,
    SystemOS: true,
    User_Agent: true,
    HomePage_url: true,
    Proxy_Type: true,
    Proxy_Ip: true,
    Proxy_Port: true,
    Proxy_Username: true,
    Proxy_Password: true,
    Automatic_Configure: true,
  })
  .partial({ Automatic_Configure: true });

export const TOOLS: readonly Tool[] = [
  tool({
    name: 'list_environments',
    description:
      'List the browser environments of the logged-in account (newest update first), with ' +
      'whether each is running and its DevTools port. Filters: name contains, group.',
    schema: listSessionIdsBody.pick({
      Session_Name: true,
      Session_GroupName: true,
      CurrentPage: true,
      ListNum: true,
    }),
    rateLimitOf: '/api/v1/session/listid',
    async run(args, call) {
      const { ctx } = call;
      const account = call.login.account;
      const page = args.CurrentPage ?? 1;
      const size = args.ListNum ?? LIST_NUM_DEFAULT;
      const { ids, total } = ctx.envs.list(account, {
        name: args.Session_Name,
        group: args.Session_GroupName,
        offset: (page - 1) * size,
        limit: size,
      });
      const found = ctx.envs.visibleMany(account, ids);
      const environments = ids.flatMap((id) => {
        const visible = found.get(id);
        if (!visible) return [];
        return [
          {
            ...environmentView(ctx, visible, 2),
            browser_CDP_Port: ctx.runtime.running(id)?.cdpPort ?? 0,
          },
        ];
      });
      return json({ environments, total, CurrentPage: page, ListNum: size });
    },
  }),

  tool({
    name: 'create_environment',
    description:
      'Create a browser environment (its own profile, fingerprint and optional proxy). Fields ' +
      'as in POST /api/v1/session/create; Automatic_Configure 1 checks the proxy and takes time ' +
      'zone and language from its exit. Answers the new Session_Id, and in Fingerprint_PageOnly ' +
      'the values a system other than this machine’s shows in pages only (not in workers).',
    schema: createFields,
    fieldCodes: true,
    rateLimitOf: '/api/v1/session/create',
    // The create command of session/create (domain/environment-create.ts), with the same fields.
    async run(args, call) {
      const request = createRequestOf(args, call.login.account, call.lang);
      const record = await createEnvironment(call.ctx, request);
      // As session/create answers it (issue 26): what the user should know before relying on it.
      return json({
        Session_Id: record.id,
        Session_Name: record.name,
        Group_Name: record.group,
        Fingerprint_PageOnly: pageOnlyValues(record.system),
      });
    },
  }),

  tool({
    name: 'start_environment',
    description:
      'Start the browser of an environment (as POST /api/v1/browser/start). headless: true ' +
      "for no window; omitted, the environment's own setting. Answers the running information " +
      '(browser_CDP_Port is its DevTools endpoint).',
    schema: z.strictObject({
      ...environment,
      headless: z.boolean().optional().describe('Start without a window'),
    }),
    async run(args, call) {
      const { ctx } = call;
      const { record } = resolve(ctx.envs, call.login.account, args.Session_ID, 'read');
      const { launchHeadless, launchArgs } = record.settings;
      const headless = args.headless ?? launchHeadless === 1;
      // A sync refusal (domain/sync.ts) is the answer.
      const result = await startEnvironment(ctx, call.login.account, record, (current) =>
        launchPlan(ctx, current, { headless, args: launchArgs }),
      );
      // Already running is what the agent wants: the information, with the spec's -7 (or -8).
      if (result.status === B.ENV_RUNNING || result.status === B.ENV_QUEUED) {
        return json({
          Session_ID: record.id,
          status: result.status,
          ...runningView(result.running),
        });
      }
      if (result.status !== B.SUCCESS) {
        const entry = BrowserCodes.get(result.status);
        const reason = result.reason ? `: ${result.reason}` : '';
        throw fail(result.status, {
          en: `${entry?.en ?? 'Start failed'}${reason}`,
          zh: `${entry?.zh ?? '启动失败'}${reason}`,
        });
      }
      call.pages.forget(record.id);
      return json({
        Session_ID: record.id,
        status: result.status,
        ...runningView(result.running),
      });
    },
  }),

  tool({
    name: 'stop_environment',
    description:
      'Stop the browser of an environment, saving its cookies (a headless one is ended as ' +
      'POST /api/v1/browser/kill does; one with a window closed as /api/v1/browser/stop).',
    schema: z.strictObject(environment),
    async run(args, call) {
      const { ctx } = call;
      resolve(ctx.envs, call.login.account, args.Session_ID, 'read');
      // The HTTP stop answers -20 for a headless browser and wants kill; an agent just wants it gone.
      const result = await endEnvironment(ctx, args.Session_ID, 'close');
      call.pages.forget(args.Session_ID);
      if (result.status !== B.SUCCESS) {
        const entry = BrowserCodes.get(result.status);
        throw fail(result.status, { en: entry?.en ?? '', zh: entry?.zh ?? '' });
      }
      return json({ Session_ID: args.Session_ID, status: result.status });
    },
  }),

  tool({
    name: 'navigate',
    description:
      "Open an http:// or https:// URL in the running environment's tab and wait for it to " +
      'load. Answers the final URL and title.',
    schema: z.strictObject({
      ...environment,
      url: startPageUrl.describe('The address to open (http:// or https:// only)'),
    }),
    async run(args, call) {
      return json(await inPage(call, args.Session_ID, (page) => navigate(page, args.url)));
    },
  }),

  tool({
    name: 'snapshot',
    description:
      'Read the page of the running environment as an accessibility snapshot: one line per ' +
      'element, `- role "name" [state] [ref=eN]: value`. Use the refs with click and type.',
    schema: z.strictObject(environment),
    async run(args, call) {
      const text = await inPage(call, args.Session_ID, snapshot);
      return [{ type: 'text', text }];
    },
  }),

  tool({
    name: 'click',
    description:
      'Click an element of the page (by its ref from the latest snapshot, or a CSS selector) ' +
      'with a real mouse click; waits for a page load the click starts.',
    schema: z.strictObject({ ...environment, ...element }),
    async run(args, call) {
      const target = elementOf(args);
      await inPage(call, args.Session_ID, (page) => click(page, target));
      return json({ clicked: target.ref ?? target.selector });
    },
  }),

  tool({
    name: 'type',
    description:
      'Type text into an input, textarea or editable element (by ref or CSS selector), ' +
      'replacing what it held, as keyboard input; submit: true presses Enter afterwards.',
    schema: z.strictObject({
      ...environment,
      ...element,
      text: z.string().max(100_000).describe('The text to type'),
      submit: z.boolean().optional().describe('Press Enter after typing'),
    }),
    async run(args, call) {
      const target = elementOf(args);
      await inPage(call, args.Session_ID, (page) =>
        typeText(page, target, args.text, args.submit ?? false),
      );
      return json({ typed: target.ref ?? target.selector });
    },
  }),

  tool({
    name: 'screenshot',
    description: "Take a PNG screenshot of the visible part of the running environment's page.",
    schema: z.strictObject(environment),
    async run(args, call) {
      const data = await inPage(call, args.Session_ID, screenshot);
      return [{ type: 'image', data, mimeType: 'image/png' }];
    },
  }),

  tool({
    name: 'cookies',
    description:
      "Read the cookies of the running environment's page (those its frames would send: " +
      'name, value, domain, path, expires, httpOnly, secure, sameSite).',
    schema: z.strictObject(environment),
    async run(args, call) {
      return json({ cookies: await inPage(call, args.Session_ID, pageCookies) });
    },
  }),
];
