import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CLOUD_CALLS,
  type CloudAuth,
  type CloudCallOf,
  type CloudPath,
  type Lang,
} from '@hainiao/contract';
import type { Account } from '../modules/accounts/service.ts';
import type { Lease } from '../modules/credentials/service.ts';
import { authenticatorsOf, requireStaff, type CloudAuthenticators } from './auth.ts';
import { ok } from './envelope.ts';
import { readFields } from './form.ts';
import { perMinute } from './rate-limit.ts';
import { parseFields } from './validate.ts';

type AuthOf<P extends CloudPath> = CloudCallOf<P>['auth'];

/** The call's form fields, as its schema leaves them. */
export type FieldsOf<P extends CloudPath> = z.output<CloudCallOf<P>['fields']>;

/**
 * The `data` a handler answers: accepted by the call's answer schema and already in the shape the
 * schema gives (in production nothing parses it on the way out).
 */
export type AnswerDataOf<P extends CloudPath> = z.input<CloudCallOf<P>['answer']> &
  z.output<CloudCallOf<P>['answer']>;

/** What the auth mode established: the session's account, the device lease, or nothing. */
export type EstablishedBy<A extends CloudAuth> = A extends 'session' | 'staff'
  ? { account: Account }
  : A extends 'lease'
    ? { lease: Lease }
    : object;

export type CallInput<P extends CloudPath> = {
  data: FieldsOf<P>;
  lang: Lang;
  request: FastifyRequest;
  reply: FastifyReply;
} & EstablishedBy<AuthOf<P>>;

/** An answer's data with the message to send instead of 'ok'. */
export class WithMessage<T> {
  constructor(
    readonly data: T,
    readonly msg: string,
  ) {}
}

/** `data` answered with `msg` (e.g. "Signed out") rather than 'ok'. */
export function withMessage<T>(data: T, msg: string): WithMessage<T> {
  return new WithMessage(data, msg);
}

type Answered<P extends CloudPath> = AnswerDataOf<P> | WithMessage<AnswerDataOf<P>>;

export type CallHandler<P extends CloudPath> = (
  input: CallInput<P>,
) => Answered<P> | Promise<Answered<P>>;

/**
 * A handler that reads the form itself (the upload streams its file part). It must pass the text
 * fields it has read to `authenticate` (validation and the call's auth) before it answers.
 */
export type RawCallHandler<P extends CloudPath> = (input: {
  request: FastifyRequest;
  reply: FastifyReply;
  authenticate: (
    fields: Record<string, string>,
  ) => Promise<Omit<CallInput<P>, 'request' | 'reply'>>;
}) => Answered<P> | Promise<Answered<P>>;

export interface RouteOptions {
  /** The per-IP limit (http/rate-limit.ts), in calls a minute. */
  perMinute?: number;
}

/** Whether answers are checked against the contract (everywhere but production). */
const checkAnswers = () => process.env.NODE_ENV !== 'production';

function callOf(path: CloudPath) {
  const call = CLOUD_CALLS.find((c) => c.path === path);
  if (!call) throw new Error(`${path} is not a call of CLOUD_CALLS`);
  return call;
}

/** The checks an auth mode needs from the app (refused at registration when they are missing). */
function checksFor(app: FastifyInstance, path: string, auth: CloudAuth) {
  if (auth !== 'session' && auth !== 'staff' && auth !== 'lease') return undefined;
  const checks = authenticatorsOf(app);
  if (!checks) throw new Error(`${path} needs '${auth}' auth, but the app has no authenticators`);
  return checks;
}

async function establish(
  auth: CloudAuth,
  checks: CloudAuthenticators | undefined,
  data: unknown,
): Promise<object> {
  if (!checks) return {};
  // The contract's token calls all carry the token in the field `token` (routes.test.ts).
  const token = (data as { token: string }).token;
  if (auth === 'lease') return { lease: await checks.lease(token) };
  const account = await checks.session(token);
  return { account: auth === 'staff' ? requireStaff(account) : account };
}

/**
 * Registers a cloud call of the contract's table (CLOUD_CALLS): POST, the call's
 * per-IP limit, its form fields validated by the table's schema (code 1 with the first issue),
 * then the auth of the table's mode, then the handler, whose data goes out as `ok(data)`.
 * Outside production the data is checked against the table's answer schema, so that every test
 * that calls the cloud checks the contract too; a mismatch is a 500 and an error in the log.
 */
export function route<P extends CloudPath>(
  app: FastifyInstance,
  path: P,
  handler: CallHandler<P>,
  options?: RouteOptions,
): void;
export function route<P extends CloudPath>(
  app: FastifyInstance,
  path: P,
  handler: RawCallHandler<P>,
  options: RouteOptions & { raw: true },
): void;
export function route<P extends CloudPath>(
  app: FastifyInstance,
  path: P,
  handler: CallHandler<P> | RawCallHandler<P>,
  options: RouteOptions & { raw?: boolean } = {},
): void {
  const call = callOf(path);
  const checks = checksFor(app, path, call.auth);
  const answerSchema: z.ZodType = call.answer;
  const check = checkAnswers();

  const authenticate = async (request: FastifyRequest, fields: Record<string, string>) => {
    const { data, lang } = parseFields(request, call.fields, fields);
    return { data, lang, ...(await establish(call.auth, checks, data)) };
  };

  const config = options.perMinute ? { rateLimit: perMinute(options.perMinute) } : undefined;
  app.post(path, config ? { config } : {}, async (request, reply) => {
    let answered: unknown;
    if (options.raw) {
      let authenticated = false;
      answered = await (handler as RawCallHandler<P>)({
        request,
        reply,
        authenticate: async (fields) => {
          const input = await authenticate(request, fields);
          authenticated = true;
          return input as Omit<CallInput<P>, 'request' | 'reply'>;
        },
      });
      if (!authenticated) throw new Error(`${path} answered without authenticating its form`);
    } else {
      const input = await authenticate(request, await readFields(request));
      answered = await (handler as CallHandler<P>)({ ...input, request, reply } as CallInput<P>);
    }
    const [data, msg] =
      answered instanceof WithMessage ? [answered.data, answered.msg] : [answered, undefined];
    if (check) {
      const result = answerSchema.safeParse(data);
      if (!result.success) {
        // The error handler answers 500 and logs this.
        throw new Error(
          `${path} answered data that does not match its contract answer schema:\n` +
            z.prettifyError(result.error),
        );
      }
    }
    return ok(data, msg);
  });
}
