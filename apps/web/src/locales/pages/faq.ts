/** Copy of the FAQ list and article pages (the spec's own messages come from the contract). */
const en = {
  hero: {
    eyebrow: 'Help center',
    title: 'Frequently asked questions',
    text: 'Answers about installing Hainiao, environments, proxies, the local API, accounts and support.',
  },
  search: {
    label: 'Search the FAQ',
    placeholder: 'Search questions, e.g. proxy, cookies, API',
    clear: 'Clear search',
  },
  categories: 'Categories',
  all: 'All',
  results: '{count} {count|article|articles}',
  loading: 'Loading articles…',
  error: 'The FAQ could not be loaded.',
  article: {
    breadcrumb: 'FAQ',
    updated: 'Updated {date}',
    category: 'Category',
    goToCategory: 'More in {name}',
    openCategories: 'Browse categories',
    closeCategories: 'Close',
    drawerTitle: 'FAQ categories',
    loading: 'Loading the article…',
    notFoundText: 'The article may have moved, or the link may be mistyped.',
    error: 'The article could not be loaded.',
    stillStuck: 'Still stuck?',
    stillStuckText:
      'Every account can open a ticket: support answers in Chinese, 7x12 (9:00–21:00 Beijing time).',
    openTicket: 'Open a ticket',
  },
};

const zh: typeof en = {
  hero: {
    eyebrow: '帮助中心',
    title: '常见问题',
    text: '关于安装海鸟、环境、代理、本地 API、账号与技术支持的解答。',
  },
  search: {
    label: '搜索常见问题',
    placeholder: '搜索问题，例如：代理、Cookie、API',
    clear: '清除搜索',
  },
  categories: '分类',
  all: '全部',
  results: '共 {count} 篇',
  loading: '正在加载文章…',
  error: '常见问题加载失败。',
  article: {
    breadcrumb: '常见问题',
    updated: '更新于 {date}',
    category: '分类',
    goToCategory: '查看“{name}”下的更多问题',
    openCategories: '浏览分类',
    closeCategories: '关闭',
    drawerTitle: '常见问题分类',
    loading: '正在加载文章…',
    notFoundText: '文章可能已被移动，或者链接地址有误。',
    error: '文章加载失败。',
    stillStuck: '问题还没解决？',
    stillStuckText:
      '所有账号都可以提交工单：技术支持使用中文，服务时间 7x12（北京时间 9:00–21:00）。',
    openTicket: '提交工单',
  },
};

export const faqCopy = { en, zh };
