import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useNavigate } from '../../shared/router.ts';
import { siteMessages } from '@hainiao/contract';
import { useLang, useLocalize } from '../../shared/useLang.ts';
import { useSession, type Session } from './session.ts';
import { useAccountText } from './useAccountText.ts';

/**
 * Screens that need the stored token (console, tickets): without one, a warning says no token was
 * detected and confirming goes to the home page.
 */
export function useRequireSession(): Session | null {
  const session = useSession();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const localize = useLocalize();
  const lang = useLang();
  const text = useAccountText();
  const warned = useRef(false);

  useEffect(() => {
    if (session || warned.current) return;
    warned.current = true;
    modal.warning({
      title: text.console.noTokenTitle,
      content: siteMessages.console.noToken[lang],
      okText: text.console.goHome,
      onOk: () => void navigate(localize('/')),
    });
  }, [session, modal, navigate, localize, lang, text]);

  return session;
}
