import { CloudCodes, type Lang } from '@hainiao/contract';

/** The cloud's answer shape: code 0 with data on success; failures carry msg. */
export interface CloudAnswer<T = unknown> {
  code: number;
  msg: string;
  data?: T;
}

export function ok<T>(data: T, msg = 'ok'): CloudAnswer<T> {
  return { code: 0, msg, data };
}

/** A failure a handler throws; the error handler turns it into an answer in the caller's language. */
export class CloudError extends Error {
  constructor(
    readonly code: number,
    readonly messages: { en: string; zh: string },
    readonly httpStatus = 200,
  ) {
    super(messages.en);
  }

  answer(lang: Lang): CloudAnswer<never> {
    return { code: this.code, msg: this.messages[lang] };
  }
}

export function failure(name: keyof typeof CloudCodes.code, messages?: { en: string; zh: string }) {
  const code = CloudCodes.code[name];
  const entry = CloudCodes.get(code);
  return new CloudError(code, messages ?? { en: entry?.en ?? name, zh: entry?.zh ?? name });
}
