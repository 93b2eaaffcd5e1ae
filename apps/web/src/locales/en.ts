/**
 * English copy of the shell and every page's title, description and keywords. zh.ts has the same
 * shape (checked by the type system). Each page's own copy lives beside it in locales/pages/.
 */
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
    application: {
      title: 'Use cases — cross-border e-commerce, social media, affiliate and ads | Hainiao',
      description:
        'How sellers, social media teams, affiliate marketers and media buyers use Hainiao to keep every account on its own fingerprint, IP and cookies.',
      keywords:
        'multi-account management, Amazon multiple seller accounts, TikTok Shop accounts, social media account management, affiliate marketing browser, ad account testing',
    },
    price: {
      title: 'Pricing — Hainiao is free, with unlimited installs | Hainiao',
      description:
        'One plan, and it is free: unlimited installations, unlimited browser profiles, any proxy you bring, team sub-accounts and the local API.',
      keywords: 'free fingerprint browser, anti-detect browser price, free browser profiles',
    },
    download: {
      title: 'Download Hainiao for Windows and Linux | Hainiao',
      description:
        'Download the current Hainiao client for Windows 10 and 11 or Linux, check its SHA-256, see the browser cores that come with it, or get a previous version.',
      keywords:
        'Hainiao download, fingerprint browser download, anti-detect browser Windows, Chromium kernel',
    },
    privacy: {
      title: 'Terms of service and privacy | Hainiao',
      description:
        'The terms of using Hainiao: accounts, fees (there are none), termination, lawful content, copyright, privacy, warranty and support.',
      keywords: 'Hainiao terms, Hainiao privacy policy, terms of service',
    },
    faq: {
      title: 'FAQ and help center | Hainiao',
      description:
        'Answers about installing Hainiao, environments and fingerprints, proxies, the local API, accounts, API credentials and support tickets.',
      keywords:
        'Hainiao help, fingerprint browser FAQ, proxy setup, local API, Puppeteer, Selenium, API credentials',
    },
    faqArticle: {
      title: '{{title}} — Hainiao FAQ',
      description: '',
      keywords: '',
    },
    apiDoc: {
      title: '{{title}} — Hainiao local API docs',
      description: '',
      keywords: '',
    },
    notFound: {
      title: 'Page not found — Hainiao',
      description: 'The page you are looking for does not exist or has moved.',
      keywords: 'Hainiao',
    },
  },
  shell: {
    account: {
      signIn: 'Sign in',
      signOut: 'Sign out',
      account: 'Account menu',
      console: 'API console',
    },
    skipToContent: 'Skip to content',
    home: 'Hainiao home',
    menu: 'Main menu',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    language: 'Language',
    languages: { en: 'English', zh: '中文' },
    footer: {
      tagline: 'The free anti-detection browser for teams that run many accounts.',
      about: 'About',
      aboutText:
        'Hainiao is a free anti-detection browser for cross-border sellers, social media teams, affiliate marketers and ad testers. Every profile gets its own fingerprint, proxy and cookies.',
      contact: 'Contact',
      contactHours:
        'Support for every account through tickets, in Chinese, 7x12: 9:00–21:00 Beijing time, every day.',
      contactTicket: 'Open a ticket',
      contactChat: 'Or chat with us through the chat button on this page.',
      links: 'Links',
      privacy: 'Terms & Privacy',
      copyright: '© {year} Hainiao. All rights reserved.',
      free: 'Forever free · Unlimited installs · Windows 10/11 and Linux',
    },
  },
  common: {
    loading: 'Loading…',
    retry: 'Try again',
    download: 'Download',
    downloadNow: 'Download now',
    learnMore: 'Learn more',
    readMore: 'Read more',
    openInNewTab: '(opens in a new tab)',
  },
  notFound: {
    title: 'Page not found',
    text: 'The page you are looking for does not exist or has moved.',
    back: 'Back to home',
    help: 'Looking for help? Try the FAQ.',
  },
};

export type Messages = typeof en;
