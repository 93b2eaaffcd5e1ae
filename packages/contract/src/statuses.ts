import type { Localized } from './i18n.ts';

/** Colours are Ant Design preset tag colours, which the site uses for status tags. */
export type TagColor = 'blue' | 'orange' | 'green' | 'red' | 'default';

export interface StatusInfo {
  readonly code: number;
  readonly color: TagColor;
  readonly label: Localized;
}

// --- Tickets: 0 pending reply, 1 in progress, 2 resolved, 3 closed ---
export const TicketStatus = { PENDING: 0, IN_PROGRESS: 1, RESOLVED: 2, CLOSED: 3 } as const;
export type TicketStatusCode = (typeof TicketStatus)[keyof typeof TicketStatus];

export const TICKET_STATUSES: readonly StatusInfo[] = [
  { code: 0, color: 'blue', label: { en: 'Pending reply', zh: '待回复' } },
  { code: 1, color: 'orange', label: { en: 'In progress', zh: '处理中' } },
  { code: 2, color: 'green', label: { en: 'Resolved', zh: '已解决' } },
  { code: 3, color: 'default', label: { en: 'Closed', zh: '已关闭' } },
];

/** Unknown values fall back to "in progress". */
export function ticketStatusInfo(code: unknown): StatusInfo {
  const found = TICKET_STATUSES.find((s) => s.code === Number(code));
  return found ?? (TICKET_STATUSES[1] as StatusInfo);
}

/** Resolve is offered only from 0 or 1; close unless already closed. */
export const canResolveTicket = (status: number) => status === 0 || status === 1;
export const canCloseTicket = (status: number) => status !== TicketStatus.CLOSED;
export const canReplyTicket = (status: number) => status !== TicketStatus.CLOSED;

// --- API credentials: 1 online, -1 expired, 0 or any other value offline ---
export const CredentialStatus = { ONLINE: 1, OFFLINE: 0, EXPIRED: -1 } as const;

export const CREDENTIAL_STATUSES: readonly StatusInfo[] = [
  { code: 1, color: 'green', label: { en: 'Online', zh: '在线' } },
  { code: -1, color: 'red', label: { en: 'Expired', zh: '已过期' } },
  { code: 0, color: 'orange', label: { en: 'Offline', zh: '离线' } },
];

/** 0 "or other" is offline. */
export function credentialStatusInfo(code: unknown): StatusInfo {
  const found = CREDENTIAL_STATUSES.find((s) => s.code === Number(code));
  return found ?? (CREDENTIAL_STATUSES[2] as StatusInfo);
}

// --- Usage logs: status '1' success, otherwise failed ---
export const API_LOG_SUCCESS = '1';
export const apiLogSucceeded = (status: unknown) => String(status) === API_LOG_SUCCESS;

// --- Accounts: type 0 main account, 1 sub-account (/members, the team calls) ---
export const AccountType = { MAIN: 0, SUB: 1 } as const;
export type AccountTypeCode = (typeof AccountType)[keyof typeof AccountType];

/** Staff replies carry this marker at the end of `username`; `isadmin` is derived from it. */
export const ADMIN_MARKER = '[admin]';
export const isAdminUsername = (username: string) => username.endsWith(ADMIN_MARKER);
