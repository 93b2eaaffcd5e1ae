import type { Localized } from '../i18n.ts';
import {
  ATTACHMENT_EXTENSIONS,
  ATTACHMENTS_MAX,
  PASSWORD_MIN,
  PASSWORD_RESET_TTL_MS,
  PHONE_DIGITS_MAX,
  PHONE_DIGITS_MIN,
  TICKET_CONTENT_MAX,
  TICKET_CONTENT_MIN,
  TICKET_REPLY_MIN,
  TICKET_TITLE_MAX,
  TICKET_TITLE_MIN,
} from '../limits.ts';

/**
 * Messages of the website, console, FAQ, redirect page and tickets, as the site spec has them,
 * plus sign-in/up and shared errors the spec leaves open.
 *
 * Limits are interpolated from limits.ts; values only known at run time are `{name}`
 * placeholders filled by `format()` / `msg()`.
 */
export const siteMessages = {
  /** Redirect verification page `/route`. */
  route: {
    missingParams: {
      en: 'Missing required parameters: both a token and a target URL must be provided.',
      zh: '缺少必要参数：必须同时提供 Token 和目标地址。',
    },
    invalidToken: {
      en: 'Invalid token: it is invalid or has expired.',
      zh: 'Token 无效：Token 错误或已过期。',
    },
    verificationFailed: {
      en: 'Verification failed: a server error occurred, please try again later.',
      zh: '验证失败：服务器异常，请稍后重试。',
    },
    visitThroughValidLink: {
      en: 'Please visit this page through a valid link.',
      zh: '请通过有效链接访问此页面。',
    },
    loading: { en: 'Verifying, please wait…', zh: '正在验证，请稍候…' },
    success: { en: 'Verified, redirecting…', zh: '验证成功，正在跳转…' },
  },

  /** API console `/api`. */
  console: {
    noToken: {
      en: 'No token detected. Please sign in first.',
      zh: '未检测到 Token，请先登录。',
    },
    fetchFailed: {
      en: 'Failed to load your API credentials. Please try again later.',
      zh: '获取 API 列表失败，请稍后重试。',
    },
    applyFailed: { en: 'Failed to apply for an API credential', zh: '申请 API 失败' },
    applySuccess: { en: 'API credential created', zh: 'API 申请成功' },
    resetFailed: { en: 'Failed to reset the App Key', zh: '重置 App Key 失败' },
    resetSuccess: { en: 'App Key reset', zh: 'App Key 已重置' },
    deleteFailed: { en: 'Failed to delete the API credential', zh: '删除 API 失败' },
    deleteSuccess: { en: 'API credential deleted', zh: 'API 已删除' },
    copyFailed: { en: 'Copy failed. Please copy it manually.', zh: '复制失败，请手动复制。' },
    copied: { en: 'Copied to clipboard', zh: '已复制到剪贴板' },
    noApiSelected: { en: 'No API selected', zh: '未选择任何 API' },
    getKeyFailed: { en: 'Failed to get the App Key', zh: '获取 App Key 失败' },
    confirmReset: {
      en: 'Reset the App Key? The current key stops working at once and any device using it is signed out.',
      zh: '确定要重置 App Key 吗？当前密钥将立即失效，正在使用该密钥的设备会被强制下线。',
    },
    confirmDelete: {
      en: 'Delete this API credential? This cannot be undone.',
      zh: '确定要删除该 API 吗？删除后无法恢复。',
    },
    confirmApply: { en: 'Apply for a new API credential?', zh: '确定要申请新的 API 吗？' },
    subAccountCannotApply: {
      en: "Only the team's main account can apply for API credentials",
      zh: '只有团队主账号可以申请 API',
    },
    quotaReached: {
      en: 'You already hold the maximum number of API credentials ({max})',
      zh: '你的 API 数量已达上限（{max} 个）',
    },
    credentialNotFound: { en: 'API credential not found', zh: '该 API 不存在' },
    fetchLogsFailed: {
      en: 'Failed to load the usage logs. Please try again later.',
      zh: '获取使用日志失败，请稍后重试。',
    },
  },

  /** FAQ list and article. */
  faq: {
    articleNotFound: { en: 'Article not found', zh: '文章不存在' },
    noMatches: { en: 'No matching questions found', zh: '没有找到相关问题' },
    backToList: { en: 'Back to list', zh: '返回列表' },
  },

  /** Ticket list, create and detail screens. */
  ticket: {
    fetchTypesFailed: { en: 'Failed to load ticket types', zh: '获取工单类型失败' },
    fetchListFailed: { en: 'Failed to load tickets', zh: '获取工单列表失败' },
    fetchDetailFailed: { en: 'Failed to load the ticket', zh: '获取工单详情失败' },
    uploadFailed: { en: 'Upload failed. Please try again.', zh: '上传失败，请重试。' },
    submitFailed: { en: 'Failed to submit the ticket', zh: '工单提交失败' },
    submitSuccess: { en: 'Ticket submitted', zh: '工单提交成功' },
    replyFailed: { en: 'Failed to send the reply', zh: '回复失败' },
    replySuccess: { en: 'Reply sent', zh: '回复成功' },
    statusFailed: { en: 'Failed to update the ticket status', zh: '工单状态更新失败' },
    statusUpdated: { en: 'Ticket status updated', zh: '工单状态已更新' },
    closed: { en: 'Ticket closed', zh: '工单已关闭' },
    copied: { en: 'Copied to clipboard', zh: '已复制到剪贴板' },
    copyFailed: { en: 'Copy failed. Please copy it manually.', zh: '复制失败，请手动复制。' },
    idRequired: { en: 'Ticket ID cannot be empty', zh: '工单 ID 不能为空' },
    noToken: {
      en: 'No token detected. Please sign in first.',
      zh: '未检测到 Token，请先登录。',
    },
    confirmResolve: {
      en: 'Mark this ticket as resolved?',
      zh: '确定将该工单标记为已解决吗？',
    },
    confirmClose: {
      en: 'Close this ticket? A closed ticket takes no more replies.',
      zh: '确定要关闭该工单吗？关闭后将无法继续回复。',
    },
    notFound: { en: 'Ticket not found', zh: '工单不存在' },
    closedNoReply: {
      en: 'This ticket is closed and takes no more replies',
      zh: '该工单已关闭，无法继续回复',
    },
    attachmentRefused: {
      en: 'An attachment is not yours or is already used; please upload it again',
      zh: '附件不属于你或已被使用，请重新上传',
    },
    noFile: { en: 'Please choose a file to upload', zh: '请选择要上传的文件' },
    uploadSuccess: { en: 'File uploaded', zh: '文件上传成功' },
    // The cloud's files folder cannot take the upload (disk full, or read-only): nothing was kept.
    storageFull: {
      en: 'The server has no space left to store this file. Please try again later.',
      zh: '服务器存储空间不足，暂时无法保存该文件，请稍后再试。',
    },
    storageUnwritable: {
      en: 'The server cannot store files at the moment. Please try again later.',
      zh: '服务器暂时无法保存文件，请稍后再试。',
    },
    typeNotFound: { en: 'This ticket type does not exist', zh: '该工单类型不存在' },
    cannotResolve: {
      en: 'Only a ticket pending reply or in progress can be marked as resolved',
      zh: '只有待回复或处理中的工单可以标记为已解决',
    },
    alreadyClosed: { en: 'This ticket is already closed', zh: '该工单已关闭' },
    typeSaved: { en: 'Ticket type saved', zh: '工单类型已保存' },
    typeInUse: {
      en: 'This type still has tickets; it was retired instead of deleted',
      zh: '该类型下仍有工单，已停用而未删除',
    },
    typeDeleted: { en: 'Ticket type deleted', zh: '工单类型已删除' },
  },

  /** One message per rule of the ticket forms (limits from limits.ts). */
  validation: {
    titleRequired: { en: 'Please enter a title', zh: '请输入标题' },
    titleLength: {
      en: `Title must be ${TICKET_TITLE_MIN} to ${TICKET_TITLE_MAX} characters`,
      zh: `标题长度须在 ${TICKET_TITLE_MIN} 到 ${TICKET_TITLE_MAX} 个字符之间`,
    },
    typeRequired: { en: 'Please select a ticket type', zh: '请选择工单类型' },
    contentRequired: { en: 'Please describe your issue', zh: '请填写问题描述' },
    contentLength: {
      en: `Content must be ${TICKET_CONTENT_MIN} to ${TICKET_CONTENT_MAX} characters`,
      zh: `内容长度须在 ${TICKET_CONTENT_MIN} 到 ${TICKET_CONTENT_MAX} 个字符之间`,
    },
    emailRequired: { en: 'Please enter your email', zh: '请输入联系邮箱' },
    emailInvalid: { en: 'Please enter a valid email address', zh: '请输入有效的邮箱地址' },
    phoneInvalid: {
      en: `Phone number must be ${PHONE_DIGITS_MIN} to ${PHONE_DIGITS_MAX} digits, digits only`,
      zh: `手机号只能包含数字，长度为 ${PHONE_DIGITS_MIN} 到 ${PHONE_DIGITS_MAX} 位`,
    },
    attachmentsTooMany: {
      en: `You can attach at most ${ATTACHMENTS_MAX} files`,
      zh: `最多只能上传 ${ATTACHMENTS_MAX} 个附件`,
    },
    attachmentType: {
      en: `Only these file types are allowed: ${ATTACHMENT_EXTENSIONS.join(', ')}`,
      zh: `仅支持 ${ATTACHMENT_EXTENSIONS.join('、')} 格式的文件`,
    },
    /** `{max}` is a human-readable size such as "10 MB" (image and video limits differ). */
    attachmentTooLarge: {
      en: 'The file is too large. The maximum size is {max}.',
      zh: '文件过大，大小不能超过 {max}。',
    },
    replyRequired: { en: 'Please enter your reply', zh: '请输入回复内容' },
    replyTooShort: {
      en: `Your reply must be at least ${TICKET_REPLY_MIN} characters`,
      zh: `回复内容不能少于 ${TICKET_REPLY_MIN} 个字符`,
    },
    idRequired: { en: 'ID cannot be empty', zh: 'ID 不能为空' },
    tokenRequired: {
      en: 'A token is required. Please sign in first.',
      zh: '缺少 Token，请先登录。',
    },
    invalidParameter: { en: 'Invalid parameter: {field}', zh: '参数无效：{field}' },
  },

  /** Sign-in and sign-up (beyond the spec; docs/architecture.md, "Sign-in"). */
  auth: {
    accountRequired: { en: 'Please enter your account', zh: '请输入账号' },
    emailTaken: { en: 'This email is already registered', zh: '该邮箱已被注册' },
    accountTaken: { en: 'This account name is already taken', zh: '该账号名已被占用' },
    badCredentials: { en: 'Wrong account or password', zh: '账号或密码错误' },
    passwordTooShort: {
      en: `Password must be at least ${PASSWORD_MIN} characters`,
      zh: `密码长度不能少于 ${PASSWORD_MIN} 位`,
    },
    signedOut: { en: 'Signed out', zh: '已退出登录' },
    signedOutEverywhere: {
      en: 'Signed out on every device',
      zh: '已在所有设备上退出登录',
    },
    tooManyAttempts: {
      en: 'Too many attempts, please try again in {seconds} seconds',
      zh: '尝试次数过多，请 {seconds} 秒后再试',
    },
    tokenExpired: {
      en: 'Your sign-in has expired. Please sign in again.',
      zh: '登录已过期，请重新登录。',
    },
    forbidden: { en: 'You do not have access to this', zh: '你无权访问该内容' },
    notFound: { en: 'The requested item does not exist', zh: '请求的内容不存在' },
    /** The same answer whether or not an account uses the email (no account enumeration). */
    resetMailSent: {
      en: `If an account uses this email, we have sent it a link to choose a new password. The link works once, for ${PASSWORD_RESET_TTL_MS / 60_000} minutes; check your spam folder if it does not arrive.`,
      zh: `如果该邮箱已注册账号，我们已向其发送设置新密码的链接。链接仅可使用一次，${PASSWORD_RESET_TTL_MS / 60_000} 分钟内有效；如未收到，请检查垃圾邮件。`,
    },
    resetLinkInvalid: {
      en: 'This password reset link is invalid, has already been used or has expired. Please ask for a new one.',
      zh: '该重置密码链接无效、已被使用或已过期，请重新申请。',
    },
    passwordChanged: {
      en: 'Your password has been changed and you have been signed out everywhere. Please sign in with your new password.',
      zh: '密码已修改，所有设备均已退出登录。请使用新密码登录。',
    },
    /** The reset mail: `{account}` the account name, `{link}` the one-time link. */
    resetMailSubject: { en: 'Reset your Hainiao password', zh: '重置你的海鸟密码' },
    resetMailText: {
      en: `Hello {account},\n\nSomeone, hopefully you, asked to reset the password of your Hainiao account. Open this link within ${PASSWORD_RESET_TTL_MS / 60_000} minutes to choose a new one (it works once):\n\n{link}\n\nIf you did not ask for it, ignore this mail: your password stays as it is.\n\nHainiao`,
      zh: `{account}，你好：\n\n有人（希望是你本人）申请重置你海鸟账号的密码。请在 ${PASSWORD_RESET_TTL_MS / 60_000} 分钟内打开下面的链接设置新密码（链接仅可使用一次）：\n\n{link}\n\n如果这不是你本人的操作，请忽略本邮件，你的密码不会改变。\n\n海鸟`,
    },
  },

  /** The console's Team tab and the team calls (issue 13 "Teams"; schemas/cloud/team.ts). */
  team: {
    mainOnly: {
      en: "Only the team's main account can add or remove team members",
      zh: '只有团队主账号可以添加或移除团队成员',
    },
    memberNotFound: {
      en: 'This account is not a sub-account of your team',
      zh: '该账号不是你团队的子账号',
    },
    teamFull: {
      en: 'Your team already has the maximum of {max} members',
      zh: '你的团队成员已达上限（{max} 个）',
    },
    accountRemoved: {
      en: "This account was removed from its team by the team's main account",
      zh: '该账号已被团队主账号移出团队',
    },
    quotaReached: {
      en: 'Your team already holds {max} API credentials: one per team member, main account included. Only the main account applies; adding a team member raises the quota.',
      zh: '你的团队已持有 {max} 个 API：每位团队成员（含主账号）一个。只有主账号可以申请；添加团队成员可提高上限。',
    },
    memberAdded: { en: 'Sub-account created', zh: '子账号已创建' },
    memberRemoved: { en: 'Sub-account removed', zh: '子账号已移除' },
    fetchFailed: {
      en: 'Failed to load your team. Please try again later.',
      zh: '获取团队成员失败，请稍后重试。',
    },
    addFailed: { en: 'Failed to create the sub-account', zh: '创建子账号失败' },
    removeFailed: { en: 'Failed to remove the sub-account', zh: '移除子账号失败' },
  },

  /** Shared by every screen and every cloud answer. */
  common: {
    serverError: { en: 'Server error. Please try again later.', zh: '服务器错误，请稍后重试。' },
    networkError: {
      en: 'Network error. Please check your connection and try again.',
      zh: '网络异常，请检查网络连接后重试。',
    },
    rateLimited: {
      en: 'Too many requests. Please try again later.',
      zh: '请求过于频繁，请稍后再试。',
    },
    /** The acknowledge button of notices and confirm dialogs. */
    ok: { en: 'OK', zh: '确定' },
  },
} as const satisfies Record<string, Record<string, Localized>>;

export type SiteMessages = typeof siteMessages;
