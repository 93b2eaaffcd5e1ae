import { useState } from 'react';
import { App } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { safeTarget, siteMessages, type Lang } from '@hainiao/contract';
import { CloudCallError } from '../../api/cloud.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { routeLink } from './routeLink.ts';
import { newSigninNonce } from './signinNonce.ts';

/**
 * Submits a sign-in or sign-up call and, with the one-time client token it answers, goes through
 * `/route` exactly like the desktop client's link, on to `?url=` (same-site only) or the console.
 * The call carries a fresh sign-in nonce kept in this tab (signinNonce.ts): the cloud binds the
 * token to it, so /route knows this sign-in started here and does not ask before switching.
 */
export function useClientTokenSubmit<V>(
  call: (values: V, lang: Lang, nonce: string | undefined) => Promise<{ clienttoken: string }>,
) {
  const lang = useLang();
  const localize = useLocalize();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const next = safeTarget(params.get('url')) ?? '/api';

  async function submit(values: V) {
    setBusy(true);
    try {
      const { clienttoken } = await call(values, lang, newSigninNonce());
      void navigate(localize(routeLink(clienttoken, next)));
    } catch (error) {
      void message.error(
        error instanceof CloudCallError && error.code > 0
          ? error.message
          : siteMessages.common.networkError[lang],
      );
    } finally {
      setBusy(false);
    }
  }

  return { submit, busy, next, hasNext: params.has('url') };
}
