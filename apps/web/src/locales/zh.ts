import type { Messages } from './en.ts';

/** 外壳与各页面标题、描述、关键词的中文文案，结构与 en.ts 相同；各页面正文见 locales/pages/。 */
export const zh: Messages = {
  meta: {
    siteName: '海鸟',
    default: {
      title: '海鸟指纹浏览器 — 免费的多账号防关联浏览器',
      description:
        '海鸟是一款免费的指纹浏览器：每个环境都有独立的指纹、代理和 Cookie，平台无法把你的账号关联到一起。',
      keywords: '指纹浏览器,防关联浏览器,多账号管理,跨境电商,浏览器多开,代理浏览器',
    },
    home: {
      title: '海鸟指纹浏览器 — 免费的多账号防关联浏览器',
      description:
        '一台电脑同时运营上百个店铺、社媒和广告账号。海鸟为每个浏览器环境提供独立的指纹、IP 和 Cookie，永久免费。',
      keywords:
        '免费指纹浏览器,防关联浏览器,多账号,亚马逊店铺防关联,TikTok 多账号,Facebook 广告账号',
    },
    application: {
      title: '应用场景 — 跨境电商、社媒运营、联盟营销与广告测试 | 海鸟',
      description:
        '看看跨境卖家、社媒团队、联盟营销人员和广告投手如何用海鸟让每个账号拥有独立的指纹、IP 和 Cookie。',
      keywords: '多账号管理,亚马逊多店铺,TikTok Shop 多账号,社媒矩阵,联盟营销浏览器,广告账户测试',
    },
    price: {
      title: '价格 — 海鸟永久免费，不限安装次数 | 海鸟',
      description:
        '只有一个版本，而且免费：不限安装次数、不限环境数量，可使用自带的任意代理，支持团队子账号和本地 API。',
      keywords: '免费指纹浏览器,防关联浏览器价格,免费浏览器多开',
    },
    download: {
      title: '下载海鸟浏览器（Windows 与 Linux 版）| 海鸟',
      description:
        '下载适用于 Windows 10、11 或 Linux 的海鸟客户端最新版本，核对 SHA-256 校验值，查看随附的浏览器内核，或下载历史版本。',
      keywords: '海鸟浏览器下载,指纹浏览器下载,防关联浏览器 Windows,Chromium 内核',
    },
    privacy: {
      title: '服务条款与隐私政策 | 海鸟',
      description:
        '使用海鸟的条款：账号、费用（不收取任何费用）、终止服务、内容合法性、版权、隐私、免责声明与技术支持。',
      keywords: '海鸟服务条款,海鸟隐私政策,用户协议',
    },
    faq: {
      title: '常见问题与帮助中心 | 海鸟',
      description:
        '关于安装海鸟、环境与指纹、代理设置、本地 API、账号与 API 凭证以及工单支持的解答。',
      keywords: '海鸟帮助,指纹浏览器常见问题,代理设置,本地 API,Puppeteer,Selenium,API 凭证',
    },
    faqArticle: {
      title: '{{title}} — 海鸟常见问题',
      description: '',
      keywords: '',
    },
    apiDoc: {
      title: '{{title}} — 海鸟本地 API 文档',
      description: '',
      keywords: '',
    },
    notFound: {
      title: '页面不存在 — 海鸟',
      description: '你访问的页面不存在或已被移动。',
      keywords: '海鸟',
    },
  },
  shell: {
    account: {
      signIn: '登录',
      signOut: '退出登录',
      account: '账号菜单',
      console: 'API 控制台',
    },
    skipToContent: '跳到正文',
    home: '海鸟首页',
    menu: '主菜单',
    openMenu: '打开菜单',
    closeMenu: '关闭菜单',
    language: '语言',
    languages: { en: 'English', zh: '中文' },
    footer: {
      tagline: '为多账号团队打造的免费指纹浏览器。',
      about: '关于我们',
      aboutText:
        '海鸟是一款免费的指纹浏览器，服务跨境电商卖家、社媒运营团队、联盟营销和广告测试人员。每个环境都有独立的指纹、代理和 Cookie。',
      contact: '联系我们',
      contactHours:
        '所有账号均可通过工单获得中文技术支持，服务时间 7x12：北京时间每天 9:00–21:00。',
      contactTicket: '提交工单',
      contactChat: '也可以点击本页的在线客服按钮与我们交流。',
      links: '相关链接',
      privacy: '服务条款与隐私',
      copyright: '© {year} 海鸟。保留所有权利。',
      free: '永久免费 · 不限安装次数 · 支持 Windows 10/11 与 Linux',
    },
  },
  common: {
    loading: '加载中…',
    retry: '重试',
    download: '下载',
    downloadNow: '立即下载',
    learnMore: '了解更多',
    readMore: '阅读全文',
    openInNewTab: '（在新标签页打开）',
  },
  notFound: {
    title: '页面不存在',
    text: '你访问的页面不存在或已被移动。',
    back: '返回首页',
    help: '需要帮助？看看常见问题。',
  },
};
