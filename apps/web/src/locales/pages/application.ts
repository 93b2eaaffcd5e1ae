/** Copy of the applications page. */
const en = {
  hero: {
    eyebrow: 'Use cases',
    title: 'One browser for every account you run',
    text: 'Whether you sell on five marketplaces, manage social accounts for twenty clients or test ad creatives every day, Hainiao keeps each account in its own environment — its own fingerprint, IP, cookies and history.',
  },
  ecommerce: {
    tag: 'Most popular',
    title: 'Cross-border e-commerce',
    text: 'Amazon, eBay, Walmart, Shopee, Lazada, Etsy, TikTok Shop and Mercado Libre all watch for sellers who run several stores from one device. Give every store its own environment and run them side by side.',
    features: [
      'One environment per store, with a fingerprint that stays the same every day',
      'A residential or static IP bound to each store, in the store\u2019s own country',
      'Operators log in to shared stores without ever seeing the password',
    ],
    details: [
      {
        title: 'Multi-account',
        text: 'Open dozens of storefronts, seller centrals and payment accounts at the same time, each in its own window with its own cookies and local storage.',
      },
      {
        title: 'Geo targeting',
        text: 'Time zone, language, geolocation and currency follow the proxy\u2019s exit IP automatically, so a US store looks like it is managed from the US.',
      },
      {
        title: 'Anti-detection',
        text: 'Canvas, WebGL, audio, fonts and hardware signatures are generated from real devices and kept consistent with the chosen system and screen.',
      },
      {
        title: 'Automation',
        text: 'Start environments from scripts through the local API and automate listings, price checks and order exports with Puppeteer, Playwright or Selenium.',
      },
    ],
  },
  others: {
    title: 'Beyond e-commerce',
    lead: 'The same isolation protects every kind of account that a platform might link.',
    items: [
      {
        title: 'Social media',
        text: 'Manage brand and client accounts on TikTok, Facebook, Instagram, X and YouTube without triggering security checks each time you switch. Hand each account to the right team member.',
      },
      {
        title: 'Affiliate marketing',
        text: 'Keep offer networks, landing page tools and traffic sources on separate identities, and warm up new accounts with a browsing history that belongs to them alone.',
      },
      {
        title: 'Ad testing',
        text: 'Check how ads and landing pages appear in different countries, and run creative tests on several ad accounts in parallel, each with its own payment profile and IP.',
      },
    ],
  },
  stories: {
    eyebrow: 'Success stories',
    title: 'How teams work with Hainiao',
    items: [
      {
        title: 'A home goods seller grows from 12 to 86 Amazon stores',
        text: 'A Ningbo home goods brand used to keep one laptop per store. Moving every store into its own Hainiao environment with a static residential IP let four operators run all 86 stores from their desks. In eighteen months of growth, no store was suspended for association, and the laptops went back to the IT cupboard.',
      },
      {
        title: 'A social media agency serves 40 clients with a team of nine',
        text: 'A London agency gives each client a group of environments with proxies in the client\u2019s market. Sub-accounts let account managers open only their clients\u2019 profiles, while the main account keeps the credentials. Verification prompts dropped sharply once time zones and languages matched each proxy automatically.',
      },
      {
        title: 'A media buying team halves the time per creative test',
        text: 'A performance marketing team in Guangzhou starts twenty environments from a script every morning through the local API, runs their landing page checks with Playwright, and closes them again. What used to take a full day on virtual machines now finishes before lunch.',
      },
    ],
  },
  cta: {
    title: 'Put every account in its own environment',
    text: 'Hainiao is free, with no limit on installs. Download it and set up your first stores in minutes.',
    button: 'Download Hainiao',
  },
};

const zh: typeof en = {
  hero: {
    eyebrow: '应用场景',
    title: '你运营的每一个账号，都交给同一个浏览器',
    text: '无论你在五个平台开店、替二十个客户管理社媒账号，还是每天测试广告素材，海鸟都会把每个账号放进独立的环境——独立的指纹、IP、Cookie 和浏览记录。',
  },
  ecommerce: {
    tag: '最受欢迎',
    title: '跨境电商',
    text: '亚马逊、eBay、沃尔玛、Shopee、Lazada、Etsy、TikTok Shop 和美客多都会重点排查同一台设备运营多家店铺的卖家。为每家店铺分配独立环境，多店同时运营也互不干扰。',
    features: [
      '一店一环境，指纹每天保持一致',
      '每家店铺绑定所在国家的住宅 IP 或静态 IP',
      '运营人员无需知道密码即可登录共享的店铺',
    ],
    details: [
      {
        title: '多账号管理',
        text: '同时打开几十个店铺前台、卖家后台和收款账户，每个都在独立窗口中运行，Cookie 和本地存储互不相通。',
      },
      {
        title: '地区定位',
        text: '时区、语言、地理位置和货币自动跟随代理出口 IP，美国站点看起来就像在美国本地管理。',
      },
      {
        title: '防检测',
        text: 'Canvas、WebGL、音频、字体和硬件特征均基于真实设备生成，并与所选系统和分辨率保持一致。',
      },
      {
        title: '自动化',
        text: '通过本地 API 在脚本中启动环境，用 Puppeteer、Playwright 或 Selenium 自动上架商品、巡检价格、导出订单。',
      },
    ],
  },
  others: {
    title: '不止跨境电商',
    lead: '同样的隔离能力，保护所有可能被平台关联的账号。',
    items: [
      {
        title: '社媒运营',
        text: '在 TikTok、Facebook、Instagram、X 和 YouTube 上管理品牌和客户账号，切换账号不再频繁触发安全验证，还能把每个账号分配给对应的成员。',
      },
      {
        title: '联盟营销',
        text: '把联盟平台、落地页工具和流量来源放在各自独立的身份下，用只属于新账号自己的浏览记录来养号。',
      },
      {
        title: '广告测试',
        text: '查看广告和落地页在不同国家的实际展示效果，在多个广告账户上并行测试素材，每个账户都有自己的付款信息和 IP。',
      },
    ],
  },
  stories: {
    eyebrow: '成功案例',
    title: '看看他们如何使用海鸟',
    items: [
      {
        title: '一家家居卖家从 12 家亚马逊店铺做到 86 家',
        text: '宁波一家家居品牌过去一家店铺配一台笔记本。把每家店铺迁入独立的海鸟环境并绑定静态住宅 IP 后，四名运营在自己的工位上就能管理全部 86 家店铺。在十八个月的扩张中，没有一家店铺因关联被封，那些笔记本也都退回了仓库。',
      },
      {
        title: '一家社媒代运营公司，九个人服务 40 个客户',
        text: '伦敦一家代运营公司为每个客户建立一组环境，代理都设在客户所在的市场。客户经理通过子账号只能打开自己客户的环境，账号密码始终由主账号掌握。时区和语言自动匹配代理之后，登录验证明显减少。',
      },
      {
        title: '一个投放团队把单次素材测试的时间缩短一半',
        text: '广州一支效果广告团队每天早上用脚本通过本地 API 启动二十个环境，用 Playwright 跑完落地页检查后再统一关闭。过去在虚拟机上要花一整天的工作，现在午饭前就能完成。',
      },
    ],
  },
  cta: {
    title: '让每个账号都拥有自己的环境',
    text: '海鸟永久免费，不限安装次数。下载后几分钟就能配置好你的第一批店铺。',
    button: '下载海鸟浏览器',
  },
};

export const applicationCopy = { en, zh };
