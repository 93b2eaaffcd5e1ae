import type { Messages } from './en.ts';

/** 中文文案，结构与 en.ts 相同。 */
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
    notFound: {
      title: '页面不存在 — 海鸟',
      description: '你访问的页面不存在或已被移动。',
      keywords: '海鸟',
    },
  },
  shell: {
    skipToContent: '跳到正文',
    home: '海鸟首页',
    menu: '主菜单',
    openMenu: '打开菜单',
    closeMenu: '关闭菜单',
    language: '语言',
    languages: { en: 'English', zh: '中文' },
    footer: {
      about: '关于我们',
      aboutText:
        '海鸟是一款免费的指纹浏览器，服务跨境电商卖家、社媒运营团队、联盟营销和广告测试人员。',
      contact: '联系我们',
      contactText: '仅为付费账户提供中文支持，服务时间 7x12（北京时间每天 9:00–21:00）。',
      links: '相关链接',
      privacy: '服务条款与隐私',
      copyright: '© {{year}} 海鸟。保留所有权利。',
    },
  },
  home: {
    freeTag: '永久免费',
    title: '一台电脑，上百个账号，彼此毫无关联',
    description:
      '海鸟为每个浏览器环境配置独立的指纹、代理 IP、Cookie 和时区，让电商平台和社交平台看到的是不同设备上的不同用户。不限安装次数，免费提供全球代理 IP，无需绑定信用卡。',
    downloadNow: '立即下载',
    learnMore: '了解更多',
    featuresTitle: '多账号团队需要的，一应俱全',
    features: [
      {
        title: '防指纹识别',
        text: 'Canvas、WebGL、音频、字体、屏幕和硬件特征均取自真实设备分布，每个环境独一无二，重启后保持不变。',
      },
      {
        title: '自动配置 IP',
        text: '为环境绑定代理后，海鸟会按出口 IP 自动设置对应的时区、语言和地理位置，WebRTC 也不会泄露真实 IP。',
      },
      {
        title: '海外加速',
        text: '针对亚马逊、eBay、Shopee、TikTok、Facebook 和 Google 优化线路，海外后台打开更快，会话更稳定。',
      },
      {
        title: '云端同步',
        text: '环境、Cookie 和设置随账号同步到任意电脑，团队成员只能看到你分享给他们的环境。',
      },
    ],
  },
  notFound: {
    title: '页面不存在',
    text: '你访问的页面不存在或已被移动。',
    back: '返回首页',
  },
};
