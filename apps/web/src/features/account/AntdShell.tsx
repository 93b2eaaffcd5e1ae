import type { ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useLang } from '../../shared/useLang.ts';

/**
 * Ant Design for the signed-in screens only (console, tickets): it stays out of the public pages'
 * bundles because only these lazily loaded screens import it.
 */
export function AntdShell({ children }: { children: ReactNode }) {
  const lang = useLang();
  dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  return (
    <ConfigProvider
      locale={lang === 'zh' ? zhCN : enUS}
      theme={{ token: { colorPrimary: '#0b5cff', borderRadius: 8, fontFamily: 'inherit' } }}
      // "登录", not Ant Design's spaced-out "登 录" for a two-character Chinese label.
      button={{ autoInsertSpace: false }}
    >
      <App>{children}</App>
    </ConfigProvider>
  );
}
