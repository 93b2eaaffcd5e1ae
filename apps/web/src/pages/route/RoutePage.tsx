import { useEffect, useState } from 'react';
import { Button, Result, Spin } from 'antd';
import { Link, useNavigate, useSearchParams } from '../../shared/router.ts';
import {
  localizePath,
  safeTarget,
  siteMessages,
  type CloudAnswerOf,
  type Lang,
  type UserInfo,
} from '@hainiao/contract';
import { CloudCallError, callCloud } from '../../api/cloud.ts';
import { currentSession, saveSession } from '../../features/account/session.ts';
import { clearSigninNonce, readSigninNonce } from '../../features/account/signinNonce.ts';
import { format, useAccountText } from '../../features/account/useAccountText.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { usePageMeta } from '../../shared/usePageMeta.ts';
import '../../features/account/account.css';

type State =
  | { kind: 'loading' }
  | { kind: 'success' }
  /** Signed in from a link without this tab's nonce, nobody was signed in: says as whom. */
  | { kind: 'signedInAs'; who: string }
  /** A link without this tab's nonce would replace another account's session: asks first. */
  | { kind: 'confirm'; current: string; user: UserInfo }
  | { kind: 'error'; message: string };

/** How long the page shows whom a link without nonce signed in as before it goes on. */
const SIGNED_IN_AS_PAUSE_MS = 1500;

// A client token is single-use: a re-run effect (React's StrictMode) must reuse the first exchange.
const exchanges = new Map<string, Promise<CloudAnswerOf<'/api/hainiao/status'>>>();
function exchangeOnce(token: string, lang: Lang, nonce?: string) {
  let pending = exchanges.get(token);
  if (!pending) {
    pending = callCloud('/api/hainiao/status', { clienttoken: token, nonce }, lang);
    exchanges.set(token, pending);
  }
  return pending;
}

/**
 * Redirect verification: `?token=…&url=…` (or `to=`). The one-time token is
 * exchanged for the session token, which is stored with the email; then the visitor goes to the
 * target in the page's language. Only same-site targets are followed.
 *
 * Login CSRF: a sign-in made on this site in this tab binds its token to the tab's nonce
 * (features/account/signinNonce.ts) and goes straight through. A link without it (the desktop
 * client's, or one someone sent) never replaces another account's session silently: the page asks
 * "You are signed in as A. Sign in as B instead?"; with nobody signed in it signs in and shows as
 * whom.
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

  // In Chinese the target gets the /zh prefix; a target that already names its language keeps it.
  const goOn = () => {
    if (target)
      void navigate(lang === 'zh' ? localizePath(target, 'zh') : target, { replace: true });
  };

  useEffect(() => {
    if (early || !token || !target) return;
    let active = true;
    let pause: ReturnType<typeof setTimeout> | undefined;
    const nonce = readSigninNonce();
    exchangeOnce(token, lang, nonce)
      .then(({ user_info, bound }) => {
        if (!active) return;
        const current = currentSession();
        if (bound || !current || current.email === user_info.email) {
          if (bound) clearSigninNonce();
          saveSession({ token: user_info.token, email: user_info.email });
          if (bound || current) {
            setState({ kind: 'success' });
            goOn();
          } else {
            setState({ kind: 'signedInAs', who: `${user_info.account} (${user_info.email})` });
            pause = setTimeout(goOn, SIGNED_IN_AS_PAUSE_MS);
          }
          return;
        }
        setState({ kind: 'confirm', current: current.email, user: user_info });
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
      clearTimeout(pause);
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
  if (shown.kind === 'confirm') {
    const { user } = shown;
    return (
      <Result
        status="info"
        title={text.route.switchTitle}
        subTitle={format(text.route.switchQuestion, {
          current: shown.current,
          next: user.email,
        })}
        extra={[
          <Button
            key="cancel"
            onClick={() => {
              // The other account's new session is never stored: end it at once.
              void callCloud('/api/hainiao/signout', { token: user.token }, lang).catch(
                () => undefined,
              );
              goOn();
            }}
          >
            {text.route.switchCancel}
          </Button>,
          <Button
            key="continue"
            type="primary"
            onClick={() => {
              saveSession({ token: user.token, email: user.email });
              setState({ kind: 'success' });
              goOn();
            }}
          >
            {text.route.switchContinue}
          </Button>,
        ]}
      />
    );
  }
  return (
    <div className="route-state" role="status" aria-live="polite">
      <Spin size="large" />
      <p>
        {shown.kind === 'signedInAs'
          ? format(text.route.signedInAs, { who: shown.who })
          : shown.kind === 'success'
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
