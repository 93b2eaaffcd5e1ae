import type { CloudDatabase } from '../../db/database.ts';

/** Ticket types a new install starts with; staff manage them in the console afterwards. */
export const DEFAULT_TICKET_TYPES = [
  { name_en: 'Installation & startup', name_zh: '安装与启动', sort: 10 },
  { name_en: 'Environments & fingerprints', name_zh: '环境与指纹', sort: 20 },
  { name_en: 'Proxies & IP', name_zh: '代理与 IP', sort: 30 },
  { name_en: 'Local API & automation', name_zh: '本地 API 与自动化', sort: 40 },
  { name_en: 'Account & team', name_zh: '账号与团队', sort: 50 },
  { name_en: 'Bug report', name_zh: '问题反馈', sort: 60 },
  { name_en: 'Feature request', name_zh: '功能建议', sort: 70 },
];

export async function seedTicketTypes({ db }: CloudDatabase): Promise<void> {
  const existing = await db.selectFrom('ticket_type').select('id').executeTakeFirst();
  if (!existing)
    await db
      .insertInto('ticket_type')
      .values(DEFAULT_TICKET_TYPES.map((t) => ({ ...t, active: 1 })))
      .execute();
}
