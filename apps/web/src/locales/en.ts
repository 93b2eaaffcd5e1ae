/** English copy of the site. zh.ts has the same shape (checked by the type system). */
export const en = {
  meta: {
    siteName: 'Hainiao',
    default: {
      title: 'Hainiao — free anti-detection browser for multi-account work',
      description:
        'Hainiao is a free anti-detection browser: every profile gets its own fingerprint, proxy and cookies, so platforms cannot link your accounts.',
      keywords:
        'anti-detect browser, fingerprint browser, multi-account browser, cross-border e-commerce, browser profiles, proxy browser',
    },
    home: {
      title: 'Hainiao — free anti-detection browser for multi-account work',
      description:
        'Run hundreds of shop, social and ad accounts from one computer. Hainiao gives each browser profile its own fingerprint, IP and cookies — forever free.',
      keywords:
        'free anti-detect browser, fingerprint browser, multiple accounts, Amazon seller accounts, TikTok accounts, Facebook ads accounts',
    },
    notFound: {
      title: 'Page not found — Hainiao',
      description: 'The page you are looking for does not exist or has moved.',
      keywords: 'Hainiao',
    },
  },
  shell: {
    skipToContent: 'Skip to content',
    home: 'Hainiao home',
    menu: 'Main menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    language: 'Language',
    languages: { en: 'English', zh: '中文' },
    footer: {
      about: 'About',
      aboutText:
        'Hainiao is a free anti-detection browser for cross-border sellers, social media teams, affiliate marketers and ad testers.',
      contact: 'Contact',
      contactText:
        'Support for paying accounts, in Chinese, 7x12 (9:00–21:00 Beijing time, every day).',
      links: 'Links',
      privacy: 'Terms & Privacy',
      copyright: '© {{year}} Hainiao. All rights reserved.',
    },
  },
  home: {
    freeTag: 'Forever free',
    title: 'One computer, hundreds of accounts, zero links between them',
    description:
      'Hainiao gives every browser profile its own fingerprint, proxy IP, cookies and time zone, so marketplaces and social platforms see separate people on separate devices. Unlimited installs, free global proxy IPs, no credit card.',
    downloadNow: 'Download now',
    learnMore: 'Learn more',
    featuresTitle: 'Everything a multi-account team needs',
    features: [
      {
        title: 'Anti-fingerprint',
        text: 'Canvas, WebGL, audio, fonts, screen and hardware signatures generated from real-world devices, unique to each profile and stable across restarts.',
      },
      {
        title: 'Automatic IP setting',
        text: 'Bind a proxy to a profile and Hainiao sets the matching time zone, language and geolocation from its exit IP. WebRTC never leaks your real address.',
      },
      {
        title: 'Overseas acceleration',
        text: 'Optimised routes to Amazon, eBay, Shopee, TikTok, Facebook and Google keep overseas back-offices fast and sessions stable.',
      },
      {
        title: 'Cloud sync',
        text: 'Profiles, cookies and settings follow your account to any computer, and team members get exactly the profiles you share with them.',
      },
    ],
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
    back: 'Back to home',
  },
};

export type Messages = typeof en;
