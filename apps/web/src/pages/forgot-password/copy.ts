/**
 * Copy of the forgot-password page (the cloud's answers come from the contract). Beside the page,
 * not in locales/account.*.ts, so that it loads with the page and not with every first visit.
 */
const en = {
  meta: {
    title: 'Forgot your password? — Hainiao',
    description: 'Get a link by email to choose a new password for your Hainiao account.',
    keywords: 'Hainiao forgot password, Hainiao password reset',
  },
  title: 'Forgot your password?',
  subtitle: 'Enter the email of your account and we will send you a link to choose a new one.',
  email: 'Email',
  submit: 'Send the link',
  sentTitle: 'Check your email',
  another: 'Use another email',
  backToSignIn: 'Back to sign in',
};

const zh: typeof en = {
  meta: {
    title: '忘记密码 — 海鸟',
    description: '通过邮件获取链接，为你的海鸟账号设置新密码。',
    keywords: '海鸟忘记密码,海鸟重置密码',
  },
  title: '忘记密码？',
  subtitle: '输入账号绑定的邮箱，我们会发送一个设置新密码的链接。',
  email: '邮箱',
  submit: '发送链接',
  sentTitle: '请查收邮件',
  another: '换一个邮箱',
  backToSignIn: '返回登录',
};

export const forgotPasswordCopy = { en, zh };
