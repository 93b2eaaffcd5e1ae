/**
 * Copy of the reset-password page the mailed link opens (the cloud's answers come from the
 * contract). Beside the page, so that it loads with the page and not with every first visit.
 */
const en = {
  meta: {
    title: 'Choose a new password — Hainiao',
    description: 'Choose a new password for your Hainiao account with the link we emailed you.',
    keywords: 'Hainiao password reset',
  },
  title: 'Choose a new password',
  subtitle: 'After the change you are signed out on every device; sign in again with the new one.',
  password: 'New password',
  confirm: 'New password again',
  mismatch: 'The two passwords do not match',
  submit: 'Set the new password',
  askAgain: 'Ask for a new link',
  backToSignIn: 'Back to sign in',
};

const zh: typeof en = {
  meta: {
    title: '设置新密码 — 海鸟',
    description: '使用邮件中的链接，为你的海鸟账号设置新密码。',
    keywords: '海鸟重置密码',
  },
  title: '设置新密码',
  subtitle: '修改后所有设备都会退出登录，请用新密码重新登录。',
  password: '新密码',
  confirm: '再次输入新密码',
  mismatch: '两次输入的密码不一致',
  submit: '确认修改',
  askAgain: '重新获取链接',
  backToSignIn: '返回登录',
};

export const resetPasswordCopy = { en, zh };
