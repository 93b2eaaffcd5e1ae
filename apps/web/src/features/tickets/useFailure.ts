import { App } from 'antd';
import { siteMessages, type Localized } from '@hainiao/contract';
import { CloudCallError } from '../../api/cloud.ts';
import { useLang } from '../../shared/useLang.ts';

/** Shows the server's message when it gave one, else the catalogue's failure message. */
export function useFailure() {
  const { message } = App.useApp();
  const lang = useLang();
  return (error: unknown, fallback: Localized) =>
    void message.error(
      error instanceof CloudCallError && error.code > 0 && error.message
        ? error.message
        : (fallback[lang] ?? siteMessages.common.serverError[lang]),
    );
}
