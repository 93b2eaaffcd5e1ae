/** Copy of the pricing page. */
const en = {
  hero: {
    eyebrow: 'Pricing',
    title: 'One plan. It\u2019s free.',
    text: 'No trial period, no profile limits, no credit card. Every feature of Hainiao is in the free edition.',
  },
  plan: {
    name: 'Free edition',
    price: '0',
    currency: '$',
    period: 'forever',
    tag: 'Forever free',
    summary: 'For sellers, marketers and teams of any size.',
    features: [
      'Unlimited installations on any number of computers, Windows or Linux',
      'Bring any proxy (HTTP, HTTPS, SOCKS5 or SSH), checked before you start',
      'Anti-fingerprint protection in every environment',
    ],
    button: 'Download for free',
    note: 'Windows 10 and 11, and Linux',
  },
  included: {
    title: 'Everything that\u2019s included',
    items: [
      'Unlimited browser environments',
      'Native fingerprints that pass lie detectors',
      'Automatic time zone, language and location from the proxy IP',
      'HTTP, HTTPS, SOCKS5 and SSH proxies, with a built-in proxy check',
      'WebRTC protection that never reveals your real IP',
      'Groups and batch actions for hundreds of environments',
      'Cookie import and export',
      'Team sub-accounts with shared environments',
      'Plugin library and script automation',
      'Local HTTP API for Puppeteer, Playwright and Selenium',
      'Cloud sync of environments across computers',
    ],
  },
  faq: {
    title: 'Pricing questions',
    items: [
      {
        q: 'Is Hainiao really free? What\u2019s the catch?',
        a: 'Yes. The client, unlimited installations and unlimited environments cost nothing, today and later. There is no trial that runs out and no paid tier holding features back. Proxies are not part of Hainiao: you bring your own from any provider, and Hainiao checks each one and sets the environment up from its exit IP.',
      },
      {
        q: 'Are there limits on computers, environments or team members?',
        a: 'You can install Hainiao on as many computers as you like and create as many environments as your work needs. Team sub-accounts are included. Local API credentials follow the account rules: one credential for a single account, and on a team one per member.',
      },
      {
        q: 'Who gets technical support?',
        a: 'Every account does. Sign in and open a ticket: support answers in Chinese, 7x12, from 9:00 to 21:00 Beijing time, every day. Everyone can use the FAQ and the documentation at any time, signed in or not.',
        // Said only on pages that load the chat (a chat script is configured).
        chat: 'You can also reach us through the chat button on this page.',
      },
      {
        q: 'Will I ever have to pay for anything?',
        a: 'No. Hainiao has no paid services: no subscriptions, no add-ons, no upgrades, and it never asks for a card, so there is nothing to charge and nothing to refund. The one cost you may have is your proxies, which you pay your proxy provider for. The full rules are in the terms of service.',
      },
    ],
  },
  cta: {
    title: 'Ready when you are',
    text: 'Download Hainiao and create your first environment in a few minutes.',
    button: 'Download Hainiao',
    terms: 'Read the terms of service',
  },
};

const zh: typeof en = {
  hero: {
    eyebrow: '价格',
    title: '只有一个版本，而且免费',
    text: '没有试用期，不限环境数量，无需绑定信用卡。海鸟的全部功能都包含在免费版中。',
  },
  plan: {
    name: '免费版',
    price: '0',
    currency: '¥',
    period: '永久',
    tag: '永久免费',
    summary: '适合各种规模的卖家、营销人员和团队。',
    features: [
      '不限安装次数，任意多台电脑均可使用（Windows 或 Linux）',
      '自带任意代理（HTTP、HTTPS、SOCKS5 或 SSH），启动前即可检测',
      '每个环境都有防指纹保护',
    ],
    button: '免费下载',
    note: '支持 Windows 10、11 和 Linux',
  },
  included: {
    title: '包含的全部功能',
    items: [
      '环境数量不限',
      '原生指纹，经得起篡改检测',
      '按代理 IP 自动设置时区、语言和地理位置',
      '支持 HTTP、HTTPS、SOCKS5 和 SSH 代理，内置代理检测',
      'WebRTC 防护，绝不暴露真实 IP',
      '分组与批量操作，轻松管理上百个环境',
      'Cookie 导入与导出',
      '团队子账号与环境共享',
      '插件库与脚本自动化',
      '本地 HTTP API，支持 Puppeteer、Playwright 和 Selenium',
      '环境云端同步，多台电脑通用',
    ],
  },
  faq: {
    title: '价格相关问题',
    items: [
      {
        q: '海鸟真的免费吗？有什么附加条件？',
        a: '真的免费。客户端、不限次数的安装和不限数量的环境，现在和以后都不收费。没有会到期的试用，也没有把功能留给付费版。海鸟不提供代理：你可以使用任意服务商的代理，海鸟负责检测每个代理，并按它的出口 IP 配置环境。',
      },
      {
        q: '电脑、环境和团队成员，数量有限制吗？',
        a: '你可以在任意多台电脑上安装海鸟，按业务需要创建任意多个环境，团队子账号同样包含在内。本地 API 凭证遵循账号规则：个人账号可申请 1 个，团队版按成员数量申请。',
      },
      {
        q: '哪些用户可以获得技术支持？',
        a: '所有账号都可以。登录后提交工单即可，技术支持使用中文，服务时间 7x12：北京时间每天 9:00 至 21:00。无论是否登录，任何人都可以随时查阅常见问题和文档。',
        chat: '也可以点击本页的在线客服按钮联系我们。',
      },
      {
        q: '以后需要付费吗？',
        a: '不需要。海鸟没有任何付费服务：没有订阅、没有增值项目、没有升级版，也从不要求绑定银行卡，因此既不会收费，也不涉及退款。你可能产生的费用只有代理，那是付给代理服务商的。完整规则请见服务条款。',
      },
    ],
  },
  cta: {
    title: '随时可以开始',
    text: '下载海鸟，几分钟就能创建你的第一个环境。',
    button: '下载海鸟浏览器',
    terms: '阅读服务条款',
  },
};

export const priceCopy = { en, zh };
