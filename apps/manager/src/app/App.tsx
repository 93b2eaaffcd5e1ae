/** Providers (language, Ant Design's locale, the service's session, the running stream) and routes. */
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useSyncExternalStore } from 'react';
import { BrowserRouter } from 'react-router';
import { LangProvider, useLang } from '../shared/lang.tsx';
import { RunningProvider } from '../shared/running.tsx';
import { AuthProvider } from '../shared/auth.tsx';
import { AppRoutes } from './AppRoutes.tsx';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the system asks for less motion (the setting can change while the app is open). */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(REDUCED_MOTION);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(REDUCED_MOTION).matches,
  );
}

function Localized() {
  const lang = useLang();
  const reducedMotion = useReducedMotion();
  useEffect(() => {
    dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    document.title = lang === 'zh' ? '海鸟 · 环境管理' : 'Hainiao · Environments';
  }, [lang]);
  return (
    <ConfigProvider
      locale={lang === 'zh' ? zhCN : enUS}
      // Drawers, dialogs and buttons do not animate for who asked the system for less motion.
      theme={{ token: { colorPrimary: '#0b5cff', borderRadius: 6, motion: !reducedMotion } }}
      // "登录", not Ant Design's spaced-out "登 录" for a two-character Chinese label.
      button={{ autoInsertSpace: false }}
    >
      <AntApp>
        <AuthProvider>
          <RunningProvider>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </RunningProvider>
        </AuthProvider>
      </AntApp>
    </ConfigProvider>
  );
}

export function App() {
  return (
    <LangProvider>
      <Localized />
    </LangProvider>
  );
}
