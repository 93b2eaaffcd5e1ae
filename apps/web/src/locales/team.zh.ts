import type { TeamMessages } from './team.en.ts';

/** API 控制台“团队”标签页的中文文案，以及 API 列表页上关于团队的说明。 */
export const teamZh: TeamMessages = {
  tab: '团队',
  intro:
    '每位成员用自己的账号登录网站，并用团队的一个 API 凭证以自己的身份运行本地 API。只有主账号可以添加成员和申请 API：每位成员（含主账号）一个。',
  quota: 'API 数量：{held} / {quota}（每位团队成员一个）',
  subTitle: '你的团队由 {main} 管理',
  subText:
    '团队主账号 {main} 负责添加和移除成员，并为团队申请 API（每位成员一个）。请向 {main} 索取一个 API，然后用你自己的账号名登录本地 API：hainiao-api --account {self} --app_id … --app_key …',
  add: '添加子账号',
  addTitle: '新建子账号',
  addHelp: '子账号使用此账号名或邮箱及密码登录。请将它们交给使用者，创建后即可登录。',
  addOk: '创建子账号',
  account: '账号名',
  accountHelp: '3 到 32 个字母、数字、下划线、点或短横线',
  email: '邮箱',
  password: '密码',
  passwordHelp: '至少 8 个字符',
  full: '你的团队成员已达上限（{max} 个）。',
  colAccount: '账号',
  colEmail: '邮箱',
  colType: '类型',
  colRegistered: '注册时间',
  colExpires: '套餐到期',
  colOnline: '本地 API',
  colActions: '操作',
  typeMain: '主账号',
  typeSub: '子账号',
  online: '在线',
  offline: '离线',
  you: '你',
  remove: '移除',
  removeTitle: '确定将 {account} 移出团队吗？',
  removeText:
    '{account} 将无法再登录网站或本地 API：其会话和本地 API 登录会立即结束。该账号名仍被保留。你的 API 保持不变；上限降为 {quota} 个。',
  removeOk: '移除',
  cancel: '取消',
  refresh: '刷新',
  empty: '暂无成员。',
  credentials: {
    subTitle: '只有主账号可以申请 API',
    subText:
      '团队的 API 上限为每位成员一个，且只有团队主账号 {main} 可以申请。请向 {main} 索取一个，然后用你自己的账号名登录本地 API。',
    quota: 'API 数量：{held} / {quota}。上限等于团队成员人数（含主账号）；只有主账号可以申请。',
    quotaSolo: 'API 数量：{held} / {quota}。在“团队”标签页添加团队成员可获得更多：每位成员一个。',
  },
};
