import type { Rule } from 'antd/es/form';
import {
  PHONE_DIGITS_MAX,
  PHONE_DIGITS_MIN,
  siteMessages,
  TICKET_CONTENT_MAX,
  TICKET_CONTENT_MIN,
  TICKET_REPLY_MAX,
  TICKET_REPLY_MIN,
  TICKET_TITLE_MAX,
  TICKET_TITLE_MIN,
  type Lang,
} from '@hainiao/contract';

/** The ticket form rules (limits.ts), with the catalogue's messages; the server checks the same. */
export function ticketRules(lang: Lang) {
  const m = siteMessages.validation;
  return {
    title: [
      { required: true, whitespace: true, message: m.titleRequired[lang] },
      { min: TICKET_TITLE_MIN, max: TICKET_TITLE_MAX, message: m.titleLength[lang] },
    ] satisfies Rule[],
    typeid: [{ required: true, message: m.typeRequired[lang] }] satisfies Rule[],
    content: [
      { required: true, whitespace: true, message: m.contentRequired[lang] },
      { min: TICKET_CONTENT_MIN, max: TICKET_CONTENT_MAX, message: m.contentLength[lang] },
    ] satisfies Rule[],
    email: [
      { required: true, message: m.emailRequired[lang] },
      { type: 'email', message: m.emailInvalid[lang] },
    ] satisfies Rule[],
    mobile: [
      {
        pattern: new RegExp(`^\\d{${PHONE_DIGITS_MIN},${PHONE_DIGITS_MAX}}$`),
        message: m.phoneInvalid[lang],
      },
    ] satisfies Rule[],
    reply: [
      { required: true, whitespace: true, message: m.replyRequired[lang] },
      { min: TICKET_REPLY_MIN, message: m.replyTooShort[lang] },
      { max: TICKET_REPLY_MAX, message: m.contentLength[lang] },
    ] satisfies Rule[],
  };
}
