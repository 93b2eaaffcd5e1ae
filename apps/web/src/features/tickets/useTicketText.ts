import { ticketEn } from '../../locales/ticket.en.ts';
import { ticketZh } from '../../locales/ticket.zh.ts';
import { useLang } from '../../shared/useLang.ts';

/** The ticket screens' copy in the page's language. */
export function useTicketText() {
  return useLang() === 'zh' ? ticketZh : ticketEn;
}
