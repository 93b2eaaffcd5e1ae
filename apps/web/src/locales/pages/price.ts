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
      'Unlimited installations on any number of Windows computers',
      'Free global proxy IPs for your environments',
      'Anti-fingerprint protection in every environment',
    ],
    button: 'Download for free',
    note: 'Windows 7, 8, 10 and 11',
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
        a: 'Yes. The client, unlimited installations, unlimited environments and the free proxy IPs cost nothing, today and later. There is no trial that runs out and no feature held back for a paid tier.',
      },
      {
        q: 'Are there limits on computers, environments or team members?',
        a: 'You can install Hainiao on as many Windows computers as you like and create as many environments as your work needs. Team sub-accounts are included. Local API credentials follow the account rules: one credential for a single account, and on a team one per member.',
      },
      {
        q: 'Who gets technical support?',
        a: 'Personal technical support through tickets and chat is reserved for paying accounts. It is given in Chinese, 7x12: from 9:00 to 21:00 Beijing time, every day. Everyone can use the FAQ and the documentation at any time.',
      },
      {
        q: 'If I pay for something, can I get a refund?',
        a: 'Paid services are prepaid, and payments are not refunded. Prices exclude tax, which is added according to where you are. The full rules are in the terms of service.',
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
      '不限安装次数，任意多台 Windows 电脑均可使用',
      '为环境免费提供全球代理 IP',
      '每个环境都有防指纹保护',
    ],
    button: '免费下载',
    note: '支持 Windows 7、8、10、11',
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
        a: '真的免费。客户端、不限次数的安装、不限数量的环境以及免费代理 IP，现在和以后都不收费。没有会到期的试用，也没有留给付费版的功能。',
      },
      {
        q: '电脑、环境或团队成员的数量有限制吗？',
        a: '你可以在任意多台 Windows 电脑上安装海鸟，按业务需要创建任意多个环境，团队子账号同样包含在内。本地 API 凭证遵循账号规则：个人账号可申请 1 个，团队版按成员数量申请。',
      },
      {
        q: '哪些用户可以获得技术支持？',
        a: '通过工单和在线客服提供的一对一技术支持仅面向付费账户，使用中文，服务时间 7x12：北京时间每天 9:00 至 21:00。所有用户都可以随时查阅常见问题和文档。',
      },
      {
        q: '付费后可以退款吗？',
        a: '付费服务均为预付费，付款后不予退款。价格不含税费，税费按你所在地区另行计算。完整规则请见服务条款。',
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
