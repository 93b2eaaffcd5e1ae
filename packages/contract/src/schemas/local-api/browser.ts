/** Request bodies of the browser control calls of the local API (/api/v1/browser/*). */
import { z } from 'zod';
import { STATUS_QUERY_MAX } from '../../limits.ts';
import {
  flagField,
  intChoice,
  intField,
  optionalField,
  sessionIdList,
  sessionIdOneOrMany,
} from './session.ts';

/** Actived_Type values: the spec does not give their meaning; ours are in docs/local-api.md. */
export const ActivedType = { ALL: 0, RUNNING: 1, STOPPED: 2 } as const;

/**
 * POST /api/v1/browser/status. Without Session_ID, all running environments are returned; with
 * it, at most STATUS_QUERY_MAX ids.
 */
export const browserStatusBody = z
  .strictObject({
    Session_ID: optionalField(sessionIdList(STATUS_QUERY_MAX)),
    Actived_Type: optionalField(
      intChoice([ActivedType.ALL, ActivedType.RUNNING, ActivedType.STOPPED] as const)
        .describe('Which environments: 0 all, 1 running only, 2 stopped only (default 0)')
        .meta({ zh: '筛选环境：0 全部，1 仅运行中，2 仅已停止（默认 0）', example: 1 }),
    ),
  })
  .describe('Status of environments')
  .meta({ zh: '查询环境运行状态' });
export type BrowserStatusBody = z.infer<typeof browserStatusBody>;

/**
 * POST /api/v1/browser/start. The launch interval field is not spelt by the spec; we name it
 * Start_Interval (seconds). At most STATUS_QUERY_MAX environments per call.
 */
export const browserStartBody = z
  .strictObject({
    Session_ID: sessionIdList(STATUS_QUERY_MAX),
    isHeadless: optionalField(
      flagField('Start without a window (headless)', '无界面（无头）模式启动', 0),
    ),
    args: z
      .array(z.string().min(1))
      .optional()
      .describe('Extra command-line arguments for the browser')
      .meta({ zh: '传给浏览器的额外启动参数', example: ['--window-position=0,0'] }),
    Start_Interval: intField(0)
      .optional()
      .describe('Seconds to wait between two launches (default 0)')
      .meta({ zh: '两次启动之间等待的秒数（默认 0）', example: 2 }),
    // Not in the spec: by default the DevTools port hides automation traces (Runtime.enable,
    // library source URLs); 1 hands out Chromium's protocol unchanged, console events and all.
    Raw_DevTools: optionalField(
      flagField(
        'Hand out the DevTools port unfiltered: console and page-error events reach the client, but sites can see the automation (default 0)',
        '提供未经过滤的 DevTools 端口：客户端可收到控制台和页面错误事件，但网站能察觉自动化操作（默认 0）',
        0,
      ),
    ),
  })
  .describe('Start environments')
  .meta({ zh: '启动环境' });
export type BrowserStartBody = z.infer<typeof browserStartBody>;

/**
 * POST /api/v1/browser/stop. The spec writes "Session_ID" without saying one or many: one id or an
 * array of at most STATUS_QUERY_MAX is accepted, and handed on as an array.
 */
export const browserStopBody = z
  .strictObject({ Session_ID: sessionIdOneOrMany(STATUS_QUERY_MAX) })
  .describe('Stop environments (a headless one must be killed)')
  .meta({ zh: '关闭环境（无头模式的环境需用 kill 关闭）' });
export type BrowserStopBody = z.infer<typeof browserStopBody>;

/** POST /api/v1/browser/kill: same body as stop. */
export const browserKillBody = z
  .strictObject({ Session_ID: sessionIdOneOrMany(STATUS_QUERY_MAX) })
  .describe('Force environments to end')
  .meta({ zh: '强制结束环境' });
export type BrowserKillBody = z.infer<typeof browserKillBody>;
