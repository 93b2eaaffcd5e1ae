import { useState } from 'react';
import { useNavigate, useSearchParams } from '../../shared/router.ts';
import { safeTarget, type Lang } from '@hainiao/contract';
import { routeLink } from '../../features/account/routeLink.ts';
import { newSigninNonce } from '../../features/account/signinNonce.ts';
import { useLang, useLocalize } from '../../shared/useLang.ts';

/**
 * Sign-in and sign-up: the call with a fresh sign-in nonce kept in this tab, then `/route` with
 * the one-time client token, exactly like the desktop client's link, on to `?url=` (same-site
 * only) or the console. A refused call goes to `onFailure`, for the page to show by its form
 * (useFormFailure.tsx), not as a toast; `onSubmit` runs first (the previous failure goes).
 */
export function useInlineClientTokenSubmit<V>(
  call: (values: V, lang: Lang, nonce: string | undefined) => Promise<{ clienttoken: string }>,
  handlers: { onSubmit: () => void; onFailure: (error: unknown) => void },
) {
  const lang = useLang();
  const localize = useLocalize();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const next = safeTarget(params.get('url')) ?? '/api';

  async function submit(values: V) {
    handlers.onSubmit();
    setBusy(true);
    try {
      const { clienttoken } = await call(values, lang, newSigninNonce());
      void navigate(localize(routeLink(clienttoken, next)));
    } catch (error) {
      handlers.onFailure(error);
    } finally {
      setBusy(false);
    }
  }

  return { submit, busy, next, hasNext: params.has('url') };
}
