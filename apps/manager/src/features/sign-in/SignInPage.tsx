/** Sign-in with Account, APP_ID and APP_KEY (the service's POST /login). */
import { Alert, App as AntApp, Button, Card, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../shared/ui/LanguageSwitch.tsx';
import { PATHS } from '../../shared/paths.ts';
import { useCopy, useLang } from '../../shared/lang.tsx';
import { useAuth } from '../../shared/auth.tsx';
import { errorText } from '../../shared/ui/errors.ts';
import { signInCopy } from './locales.ts';
import './sign-in.css';

interface Fields {
  account: string;
  appId: string;
  appKey: string;
}

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

export default function SignInPage() {
  const t = useCopy(signInCopy);
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const { state, signIn } = useAuth();
  const { message } = AntApp.useApp();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const from = (location.state as { from?: string } | null)?.from ?? PATHS.environments;

  // Already signed in (another tab, a script, or start-up flags): straight to the pages.
  useEffect(() => {
    if (state?.account && !busy) void navigate(from, { replace: true });
  }, [state?.account, busy, from, navigate]);

  const submit = async (fields: Fields) => {
    setBusy(true);
    setError(undefined);
    try {
      const account = await signIn(
        fields.account.trim(),
        fields.appId.trim(),
        fields.appKey.trim(),
      );
      void message.success(fill(t.welcome, { account }));
      void navigate(from, { replace: true });
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const consoleUrl = state?.cloud ? `${state.cloud}${lang === 'zh' ? '/zh' : ''}/api` : null;
  const rule = (field: string) => [
    { required: true, whitespace: true, message: fill(t.required, { field }) },
  ];

  return (
    <main className="sign-in">
      <div className="sign-in__lang">
        <LanguageSwitch />
      </div>
      <Card className="sign-in__card">
        <div className="sign-in__brand">
          <img src="/favicon.svg" alt="" width={40} height={40} />
        </div>
        <Typography.Title level={3}>{t.title}</Typography.Title>
        <Typography.Paragraph type="secondary">{t.lead}</Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} className="sign-in__error" />}
        <Form<Fields> layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
          <Form.Item name="account" label={t.account} extra={t.accountHint} rules={rule(t.account)}>
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="appId" label={t.appId} rules={rule(t.appId)}>
            <Input autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item name="appKey" label={t.appKey} rules={rule(t.appKey)}>
            <Input.Password autoComplete="current-password" spellCheck={false} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t.submit}
          </Button>
        </Form>
        {state?.rememberLogin ? (
          <Typography.Paragraph type="secondary" className="sign-in__remembered">
            {t.remembered}
          </Typography.Paragraph>
        ) : null}
        <Typography.Paragraph className="sign-in__console">
          {t.noCredential}{' '}
          {consoleUrl ? (
            <a href={consoleUrl} target="_blank" rel="noreferrer">
              {t.console}
            </a>
          ) : (
            t.consoleUnknown
          )}
        </Typography.Paragraph>
      </Card>
    </main>
  );
}
