/** Copy of the home page. */
const en = {
  hero: {
    freeTag: 'Forever free',
    title: 'One computer, hundreds of accounts, zero links between them',
    description:
      'Hainiao gives every browser profile its own fingerprint, proxy IP, cookies and time zone, so marketplaces and social platforms see separate people on separate devices. Unlimited installs, any proxy you already use, no credit card.',
    downloadNow: 'Download now',
    learnMore: 'Learn more',
    points: [
      'Windows 10 and 11, and Linux',
      'Unlimited profiles',
      'Bring any proxy, checked before use',
    ],
    imageAlt:
      'The Hainiao client: a list of browser environments, each with its own platform, proxy location and running status',
  },
  features: {
    eyebrow: 'Why Hainiao',
    title: 'Everything a multi-account team needs',
    lead: 'Four things decide whether a platform links your accounts. Hainiao takes care of all of them, for every profile.',
    items: [
      {
        title: 'Anti-fingerprint',
        text: 'Passes lie detectors: every value comes from the browser engine itself, the same in pages and workers. Profiles differ through real screen, colour scheme and locale settings, and stay stable across restarts.',
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
  explainer: {
    eyebrow: 'Browser fingerprints',
    title: 'Cookies are not the only thing that gives you away',
    paragraphs: [
      'Every browser tells the sites it visits dozens of small facts: how it draws a canvas, which fonts and graphics card it has, its screen size, time zone and language. Together they form a fingerprint that recognises a device even after you clear cookies or change your IP.',
      'When two shops or ad accounts share one fingerprint, the platform concludes that one person runs both — and a ban on one can take down the other. Hainiao gives each environment a consistent fingerprint of its own without faking a single value with scripts: screen, language and time zone differ the way they do between real computers, so each account looks like a different customer and nothing looks tampered with.',
    ],
    stats: [
      { label: 'fingerprint signals controlled in every environment' },
      { label: 'of browsers can be told apart by their fingerprint alone' },
      { label: 'environments created by Hainiao users so far' },
    ],
  },
  specialities: {
    eyebrow: 'Built for daily work',
    title: 'What makes Hainiao different',
    items: [
      {
        title: 'Batch environment management',
        description:
          'Create hundreds of environments in one go, sort them into groups, and open, close or move them in batches. Each keeps its own fingerprint, proxy, cookies, start pages and extensions, so switching accounts takes one click instead of a fresh computer.',
        alt: 'A grid of browser environments sorted into groups, several of them running',
      },
      {
        title: 'Team sub-accounts',
        description:
          'Invite operators as sub-accounts and share exactly the environments they need. They log in to the shop without ever seeing the password, and the main account keeps control of who can open, edit or export what.',
        alt: 'A main account sharing selected environments with three team members',
      },
      {
        title: 'Automation and local API',
        description:
          'Start environments from your own code through the local HTTP API, then drive them with Puppeteer, Playwright or Selenium. Add scripts and extensions from the library to every environment that needs them.',
        alt: 'A code editor calling the local API next to a browser window it controls',
      },
    ],
  },
  testimonials: {
    eyebrow: 'What sellers say',
    title: 'Trusted by teams that live on their accounts',
    label: 'Testimonials',
    previous: 'Previous testimonial',
    next: 'Next testimonial',
    pause: 'Pause automatic rotation',
    play: 'Resume automatic rotation',
    goTo: 'Show testimonial {n}',
    slide: '{n} of {total}',
    items: [
      {
        text: 'We run 140 Amazon and Walmart storefronts across six regions. Since moving to Hainiao, we have not had a single linked-account suspension, and onboarding a new operator takes ten minutes instead of a day.',
        author: 'Chen Jing',
        position: 'Operations Director, cross-border e-commerce company, Shenzhen',
      },
      {
        text: 'Each client gets its own environments with its own proxy, and my team only sees the ones they work on. The automatic time zone and language setting alone saved us from a wave of checkpoint reviews.',
        author: 'Daniel Brooks',
        position: 'Founder, social media agency, Manchester',
      },
      {
        text: 'I test dozens of ad accounts a week. With the local API I start environments from my scripts, run the checks with Playwright and close them again — no more juggling virtual machines.',
        author: 'Lin Hao',
        position: 'Media buyer and affiliate marketer, Hangzhou',
      },
    ],
  },
  cta: {
    title: 'Start with your first ten environments today',
    text: 'Free forever, with unlimited installs. Download the client, create an environment, add a proxy, and open your first account in a few minutes.',
    button: 'Download Hainiao',
    secondary: 'See all use cases',
  },
};

const zh: typeof en = {
  hero: {
    freeTag: '永久免费',
    title: '一台电脑，上百个账号，彼此毫无关联',
    description:
      '海鸟为每个浏览器环境配置独立的指纹、代理 IP、Cookie 和时区，让电商平台和社交平台看到的是不同设备上的不同用户。不限安装次数，可直接使用你现有的任意代理，无需绑定信用卡。',
    downloadNow: '立即下载',
    learnMore: '了解更多',
    points: ['支持 Windows 10、11 和 Linux', '环境数量不限', '自带任意代理，使用前可检测'],
    imageAlt: '海鸟客户端界面：浏览器环境列表，每个环境显示所属平台、代理地区和运行状态',
  },
  features: {
    eyebrow: '为什么选择海鸟',
    title: '多账号团队需要的，一应俱全',
    lead: '平台判断账号是否关联，主要看四件事。海鸟为每个环境把这四件事都处理好。',
    items: [
      {
        title: '防指纹识别',
        text: '经得起篡改检测：所有参数都由浏览器内核原生呈现，页面和 Worker 中完全一致；各环境通过真实的屏幕、深浅色模式和地区设置相互区分，重启后保持不变。',
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
  explainer: {
    eyebrow: '浏览器指纹',
    title: '暴露你的，不只是 Cookie',
    paragraphs: [
      '浏览器每访问一个网站，都会透露几十项细节：Canvas 怎么绘制、装了哪些字体、用的什么显卡、屏幕多大、时区和语言是什么。这些信息组合起来就是浏览器指纹，即使清空 Cookie、更换 IP，网站依然能认出同一台设备。',
      '如果两个店铺或广告账户共用同一个指纹，平台就会认定它们属于同一个人，一个账号被封，另一个也可能受牵连。海鸟为每个环境配置一套前后一致的独立指纹，而且不靠脚本伪造任何参数：屏幕、语言、时区等设置像不同电脑之间一样各有差异，让每个账号看起来都是另一位用户，也找不到篡改的痕迹。',
    ],
    stats: [
      { label: '项指纹参数，每个环境独立可控' },
      { label: '的浏览器仅凭指纹即可被区分' },
      { label: '个环境已由海鸟用户创建' },
    ],
  },
  specialities: {
    eyebrow: '为日常运营而生',
    title: '海鸟的不同之处',
    items: [
      {
        title: '批量管理环境',
        description:
          '一次创建上百个环境，按分组整理，批量打开、关闭或移动。每个环境都保留自己的指纹、代理、Cookie、启动页和插件，切换账号只需点一下，不必再换一台电脑。',
        alt: '按分组排列的浏览器环境网格，其中几个正在运行',
      },
      {
        title: '团队子账号',
        description:
          '把运营人员添加为子账号，只分享他们需要的环境。成员无需知道密码就能登录店铺，主账号始终掌握谁能打开、编辑或导出哪些环境。',
        alt: '主账号将选定的环境分享给三位团队成员',
      },
      {
        title: '自动化与本地 API',
        description:
          '在自己的代码里通过本地 HTTP API 启动环境，再用 Puppeteer、Playwright 或 Selenium 操控。还可以从脚本库和插件库为需要的环境批量添加脚本和插件。',
        alt: '代码编辑器调用本地 API，旁边是它所控制的浏览器窗口',
      },
    ],
  },
  testimonials: {
    eyebrow: '用户怎么说',
    title: '靠账号吃饭的团队，都在用海鸟',
    label: '用户评价',
    previous: '上一条评价',
    next: '下一条评价',
    pause: '暂停自动轮播',
    play: '继续自动轮播',
    goTo: '显示第 {n} 条评价',
    slide: '第 {n} 条，共 {total} 条',
    items: [
      {
        text: '我们在六个站点运营 140 家亚马逊和沃尔玛店铺。换用海鸟之后，再没有出现过一次因关联导致的封店，新运营上手也从一整天缩短到十分钟。',
        author: '陈静',
        position: '深圳某跨境电商公司运营总监',
      },
      {
        text: '每个客户都有自己的环境和代理，团队成员只能看到自己负责的那几个。光是自动匹配时区和语言这一项，就让我们躲过了一大波账号验证。',
        author: 'Daniel Brooks',
        position: '曼彻斯特某社媒代运营公司创始人',
      },
      {
        text: '我每周要测几十个广告账户。有了本地 API，脚本里直接启动环境，用 Playwright 跑完检查再关掉，再也不用来回折腾虚拟机了。',
        author: '林浩',
        position: '杭州广告投手、联盟营销从业者',
      },
    ],
  },
  cta: {
    title: '今天就创建你的前十个环境',
    text: '永久免费，不限安装次数。下载客户端、创建环境、添加代理，几分钟就能登录第一个账号。',
    button: '下载海鸟浏览器',
    secondary: '查看全部应用场景',
  },
};

export const homeCopy = { en, zh };
