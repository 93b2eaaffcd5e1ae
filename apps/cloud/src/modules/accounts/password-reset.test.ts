import { afterAll, beforeAll, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PASSWORD_RESET_TTL_MS, siteMessages } from '@hainiao/contract';
import { buildTestApp, post, testClock } from '../../test/app.ts';
import { describeEachDatabase } from '../../test/databases.ts';
import { resetLinkOf, startMailbox, type Mailbox } from './test-mailbox.ts';

const PASSWORD = 'correct-horse-7';
const NEW_PASSWORD = 'battery-staple-9';

describeEachDatabase('forgot password', (ctx) => {
  let app: FastifyInstance;
  let mailbox: Mailbox;
  const time = testClock();
  /** Every line the cloud logs, at info level (requests included). */
  const logLines: string[] = [];

  beforeAll(async () => {
    mailbox = await startMailbox();
    app = await buildTestApp(ctx.database, {
      clock: time.clock,
      smtpUrl: mailbox.url,
      siteUrl: 'http://site.test',
      logLevel: 'info',
      logStream: { write: (line) => logLines.push(line) },
    });
  });
  afterAll(async () => {
    await app.close();
    await mailbox.close();
  });

  async function signUp(name: string) {
    const res = await post(app, 'signup', {
      Account: name,
      email: `${name}@example.com`,
      password: PASSWORD,
    });
    expect(res.body.code, res.body.msg).toBe(0);
  }

  const signIn = (name: string, password: string) =>
    post(app, 'signin', { Account: name, password });

  /** A session token of `name`, as /route gets it. */
  async function session(name: string) {
    const { clienttoken } = (await signIn(name, PASSWORD)).body.data as { clienttoken: string };
    return (await post(app, 'status', { clienttoken })).body.data.user_info.token as string;
  }

  /** The n-th reset mail to `name` (1-based), once it has arrived. */
  async function nthMail(name: string, n: number) {
    const address = `${name}@example.com`;
    await expect.poll(() => mailbox.to(address).length).toBeGreaterThanOrEqual(n);
    return mailbox.to(address)[n - 1]!;
  }

  const tokenOf = (mail: Parameters<typeof resetLinkOf>[0]) =>
    resetLinkOf(mail).searchParams.get('token')!;

  test('the same answer for an unknown email, and a mail only to a known one', async () => {
    await signUp('rita');
    const unknown = await post(app, 'forgotpassword', { email: 'nobody@example.com' });
    const known = await post(app, 'forgotpassword', { email: 'Rita@Example.com' });
    expect(unknown.body).toEqual({ code: 0, msg: siteMessages.auth.resetMailSent.en, data: null });
    expect(known).toEqual(unknown);

    const mail = await nthMail('rita', 1);
    // The unknown email's request came first: had it been mailed, that mail would be here too.
    expect(mailbox.received.map((m) => m.to)).toEqual([['rita@example.com']]);
    expect(mail.raw).toMatch(/^Subject: Reset your Hainiao password\r?$/m);
    expect(mail.text).toContain('Hello rita,');
    const link = resetLinkOf(mail);
    expect(`${link.origin}${link.pathname}`).toBe('http://site.test/reset-password');
    // 32 random bytes, base64url; only its SHA-256 is stored.
    const token = tokenOf(mail);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await ctx.database.db.selectFrom('password_reset').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toContain(token);
  });

  test('the link sets a new password once and ends every session', async () => {
    const before = await session('rita');
    const pendingLink = (await signIn('rita', PASSWORD)).body.data.clienttoken as string;
    const token = tokenOf(await nthMail('rita', 1));

    // The sign-up password rule, and a refused password leaves the token usable.
    const short = await post(app, 'resetpassword', { token, password: 'short' });
    expect(short.body).toEqual({ code: 1, msg: siteMessages.auth.passwordTooShort.en });

    const reset = await post(app, 'resetpassword', { token, password: NEW_PASSWORD });
    expect(reset.body).toEqual({ code: 0, msg: siteMessages.auth.passwordChanged.en, data: null });
    expect((await signIn('rita', NEW_PASSWORD)).body.code).toBe(0);
    expect((await signIn('rita', PASSWORD)).body).toMatchObject({ code: 401 });
    // Sessions and sign-in links made before the reset are over.
    expect((await post(app, 'apiorderlist', { token: before })).body.code).toBe(401);
    expect((await post(app, 'status', { clienttoken: pendingLink })).body.code).toBe(401);

    const again = await post(app, 'resetpassword', { token, password: 'third-password-1' });
    expect(again.body).toEqual({ code: 401, msg: siteMessages.auth.resetLinkInvalid.en });
    expect((await signIn('rita', NEW_PASSWORD)).body.code).toBe(0);
  });

  test('an expired link is refused', async () => {
    await signUp('sam');
    await post(app, 'forgotpassword', { email: 'sam@example.com' });
    const token = tokenOf(await nthMail('sam', 1));
    time.advance(PASSWORD_RESET_TTL_MS + 1000);
    const late = await post(app, 'resetpassword', { token, password: NEW_PASSWORD });
    expect(late.body).toEqual({ code: 401, msg: siteMessages.auth.resetLinkInvalid.en });
    expect((await signIn('sam', PASSWORD)).body.code).toBe(0);
  });

  test('a second request replaces the first link', async () => {
    await signUp('tess');
    await post(app, 'forgotpassword', { email: 'tess@example.com' });
    const first = tokenOf(await nthMail('tess', 1));
    await post(app, 'forgotpassword', { email: 'tess@example.com' });
    const second = tokenOf(await nthMail('tess', 2));
    expect(second).not.toBe(first);
    expect(
      (await post(app, 'resetpassword', { token: first, password: NEW_PASSWORD })).body,
    ).toEqual({ code: 401, msg: siteMessages.auth.resetLinkInvalid.en });
    expect(
      (await post(app, 'resetpassword', { token: second, password: NEW_PASSWORD })).body.code,
    ).toBe(0);
    expect((await signIn('tess', NEW_PASSWORD)).body.code).toBe(0);
  });

  test('in Chinese: the answer, the mail and a link to the Chinese page', async () => {
    await signUp('wei');
    const res = await post(app, 'forgotpassword', { email: 'wei@example.com' }, 'zh-CHS');
    expect(res.body.msg).toBe(siteMessages.auth.resetMailSent.zh);
    const mail = await nthMail('wei', 1);
    expect(mail.text).toContain('wei，你好');
    const link = resetLinkOf(mail);
    expect(`${link.origin}${link.pathname}`).toBe('http://site.test/zh/reset-password');
    const bad = await post(
      app,
      'resetpassword',
      { token: 'x'.repeat(43), password: NEW_PASSWORD },
      'zh-CHS',
    );
    expect(bad.body).toEqual({ code: 401, msg: siteMessages.auth.resetLinkInvalid.zh });
  });

  test('requests are limited per email (known or not) and per client address', async () => {
    await signUp('vic');
    for (const email of ['vic@example.com', 'ghost@example.com']) {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await post(app, 'forgotpassword', { email }));
      expect(answers.slice(0, 5).map((a) => a.body.code)).toEqual([0, 0, 0, 0, 0]);
      expect(answers[5]).toMatchObject({
        status: 429,
        body: { code: 429, msg: expect.stringMatching(/^Too many attempts/) },
      });
    }
    const fromOne = [];
    for (let i = 0; i < 8; i++) {
      fromOne.push(
        await post(app, 'forgotpassword', { email: `ip${i}@example.com` }, 'en', '192.0.2.9'),
      );
    }
    expect(fromOne.filter((a) => a.status === 429).length).toBeGreaterThan(0);
  });

  test('the token never reaches the log, not even from a visit of the link', async () => {
    const mail = await nthMail('wei', 1);
    await app.inject({
      method: 'GET',
      url: `${resetLinkOf(mail).pathname}${resetLinkOf(mail).search}`,
    });
    const tokens = mailbox.received.map(tokenOf);
    expect(tokens.length).toBeGreaterThan(3);
    const log = logLines.join('');
    expect(log).toContain('password reset mail made');
    expect(log).toContain('/zh/reset-password?token=***');
    for (const token of tokens) expect(log).not.toContain(token);
  });

  test('without SMTP the mail goes to the log: its subject, never its link', async () => {
    const lines: string[] = [];
    const logged = await buildTestApp(ctx.database, {
      clock: time.clock,
      siteUrl: 'http://site.test',
      logLevel: 'info',
      logStream: { write: (line) => lines.push(line) },
    });
    try {
      await signUp('uma');
      expect((await post(logged, 'forgotpassword', { email: 'uma@example.com' })).body.code).toBe(
        0,
      );
      const log = lines.join('');
      expect(log).toContain('mail (no SMTP_URL configured, not sent)');
      expect(log).toContain('Reset your Hainiao password');
      expect(log).toContain('password reset mail made');
      expect(log).not.toMatch(/token=[A-Za-z0-9_-]{20}/);
      expect(log).not.toContain('reset-password');
    } finally {
      await logged.close();
    }
  });
});
