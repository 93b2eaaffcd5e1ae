import { useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { localizePath, safeTarget, siteMessages } from '@hainiao/contract';
import { CloudCallError } from '../../api/cloud.ts';
import { fetchStatus } from '../../api/status.ts';
import { saveSession } from '../../features/account/session.ts';
import { useAccountText } from '../../features/account/useAccountText.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import '../../features/account/account.css';

type State = { kind: 'loading' } | { kind: 'success' } | { kind: 'error'; message: string };

// A client token is single-use: a re-run effect (React's StrictMode) must reuse the first exchange.
const exchanges = new Map<string, ReturnType<typeof fetchStatus>>();
function exchangeOnce(token: string, lang: Parameters<typeof fetchStatus>[1]) {
  let pending = exchanges.get(token);
  if (!pending) {
    pending = fetchStatus(token, lang);
    exchanges.set(token, pending);
  }
  return pending;
}

/**
 * Redirect verification (site spec §2): `?token=…&url=…` (or `to=`). The one-time token is
 * exchanged for the session token, which is stored with the email; then the visitor goes to the
 * target in the page's language. Only same-site targets are followed.
 */
function RouteVerification() {
  const text = useAccountText();
  const lang = useLang();
  const localize = useLocalize();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const rawTarget = params.get('url') ?? params.get('to');

  const invalidLink = !token && !rawTarget;
  const missing = !invalidLink && (!token || !rawTarget);
  const target = safeTarget(rawTarget);
  const early: State | null = invalidLink
    ? { kind: 'error', message: siteMessages.route.visitThroughValidLink[lang] }
    : missing
      ? { kind: 'error', message: siteMessages.route.missingParams[lang] }
      : !target
        ? { kind: 'error', message: siteMessages.route.visitThroughValidLink[lang] }
        : null;
  const [state, setState] = useState<State>({ kind: 'loading' });

  useEffect(() => {
    if (early || !token || !target) return;
    let active = true;
    exchangeOnce(token, lang)
      .then(({ user_info }) => {
        if (!active) return;
        saveSession({ token: user_info.token, email: user_info.email });
        setState({ kind: 'success' });
        // In Chinese the target gets the /zh prefix; a target that already names its language keeps it.
        void navigate(lang === 'zh' ? localizePath(target, 'zh') : target, { replace: true });
      })
      .catch((error: unknown) => {
        if (!active) return;
        if (error instanceof CloudCallError && error.code === 401) {
          setState({
            kind: 'error',
            message: error.message || siteMessages.route.invalidToken[lang],
          });
        } else {
          setState({ kind: 'error', message: siteMessages.route.verificationFailed[lang] });
        }
      });
    return () => {
      active = false;
    };
    // The link is read once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const shown = early ?? state;
  if (shown.kind === 'error') {
    return (
      <Result
        status="warning"
        title={text.route.title}
        subTitle={shown.message}
        extra={[
          <Link key="home" to={localize('/')}>
            <Button>{text.route.backHome}</Button>
          </Link>,
          <Link key="signin" to={localize('/signin')}>
            <Button type="primary">{text.route.signIn}</Button>
          </Link>,
        ]}
      />
    );
  }
  return (
    <div className="route-state" role="status" aria-live="polite">
      <Spin size="large" />
      <p>
        {shown.kind === 'success'
          ? siteMessages.route.success[lang]
          : siteMessages.route.loading[lang]}
      </p>
    </div>
  );
}

export default function RoutePage() {
  usePageMeta(useAccountText().meta.route);
  return (
    <section className="account-page">
      <div className="account-card">
        <RouteVerification />
      </div>
    </section>
  );
}
