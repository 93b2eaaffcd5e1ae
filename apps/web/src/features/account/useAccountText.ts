import { format } from '@hainiao/contract';
import { accountEn } from '../../locales/account.en.ts';
import { accountZh } from '../../locales/account.zh.ts';
import { useLang } from '../../shared/useLang.ts';

/** The account screens' copy in the page's language. */
export function useAccountText() {
  return useLang() === 'zh' ? accountZh : accountEn;
}

export { format };
