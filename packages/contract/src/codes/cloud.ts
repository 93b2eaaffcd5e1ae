import { defineCodeTable } from './table.ts';

/**
 * Result codes of the cloud's `/api/hainiao/*` calls. The spec fixes only "success is code 0;
 * failures carry msg"; these name the failures so that clients can branch on them. The `msg` of an
 * answer is the specific message from the catalogue in the request's language; these texts are the
 * fallback.
 */
export const CloudCodes = /* @__PURE__ */ defineCodeTable([
  { code: 0, name: 'OK', en: 'Success', zh: '成功' },
  { code: 1, name: 'INVALID_PARAMETER', en: 'Invalid parameter', zh: '参数错误' },
  {
    code: 2,
    name: 'CONFLICT',
    en: 'The request conflicts with the current state',
    zh: '请求与当前状态冲突',
  },
  { code: 401, name: 'UNAUTHORIZED', en: 'Invalid or expired token', zh: '令牌无效或已过期' },
  { code: 403, name: 'FORBIDDEN', en: 'You do not have access to this', zh: '无权访问' },
  { code: 404, name: 'NOT_FOUND', en: 'Not found', zh: '未找到' },
  {
    code: 429,
    name: 'RATE_LIMITED',
    en: 'Too many requests, please try again later',
    zh: '请求过于频繁，请稍后再试',
  },
  {
    code: 500,
    name: 'SERVER_ERROR',
    en: 'Server error, please try again later',
    zh: '服务器错误，请稍后再试',
  },
] as const);
