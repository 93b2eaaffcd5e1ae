/** Copy of the terms and privacy page: six numbered sections. */
const en = {
  hero: {
    eyebrow: 'Legal',
    title: 'Terms of service and privacy',
    updated: 'Last updated: 1 November 2026',
    intro:
      'These terms apply to the Hainiao client, this website, the local API and every service we provide with them. By creating an account or using Hainiao you accept them. Please read them carefully, especially the sections on termination and warranty.',
  },
  contents: 'Contents',
  sections: [
    {
      title: 'Your account',
      paragraphs: [
        'You need an account to use Hainiao. Give accurate information when you register and keep your email address up to date, because we use it for security notices.',
        'You are responsible for everything done with your account and its sub-accounts, and for keeping your password, tokens and API credentials secret. A main account decides which environments its sub-accounts may use and is responsible for how they use them. Tell us at once through a ticket if you think someone else has access to your account.',
      ],
      points: [],
    },
    {
      title: 'Fees',
      paragraphs: [
        'Hainiao is free. We offer no paid services: there are no subscriptions, add-ons or upgrades to buy, we never ask for payment details, and nothing is charged, so there is nothing to refund.',
        'Costs you agree with others, such as what a proxy provider charges for the proxies you use with Hainiao, are between you and them.',
      ],
      points: [],
    },
    {
      title: 'Termination',
      paragraphs: [
        'You may stop using Hainiao and ask us to close your account at any time. We may suspend or close an account if it breaks these terms or the law, puts other users or our systems at risk, or is used for fraud.',
        'When an account is closed, its environments, synced data and API credentials are deleted after a short grace period, and the credentials stop working immediately.',
      ],
      points: [],
    },
    {
      title: 'Lawful content and copyright',
      paragraphs: [
        'Hainiao is a tool for managing your own accounts. You must use it, and every account and website you open with it, in line with the law and with the rules of the platforms you work on. You alone are responsible for the content you publish, the goods you sell and the data you collect.',
        'The Hainiao software, this website, its text, design, logos and documentation are protected by copyright and other rights, and remain ours or our licensors\u2019. You may not copy, modify, resell, decompile or reverse-engineer the software except where the law expressly allows it. Your own content remains yours.',
      ],
      points: [],
    },
    {
      title: 'Privacy',
      paragraphs: [
        'We collect only what we need to run the service: your account name and email, your environments\u2019 settings when you turn on cloud sync, the tickets you send us, and technical logs such as API usage records. We do not sell personal data.',
        'Your environments\u2019 cookies and browsing data stay on your computer unless you choose to sync or share them. This website keeps three things in your browser\u2019s storage: your language choice, your sign-in token and your email address. You can ask us at any time, through a ticket, to see, correct or delete your personal data.',
      ],
      points: [],
    },
    {
      title: 'Warranty and other provisions',
      paragraphs: [
        'Hainiao is provided \u201cas is\u201d. We work hard to keep it available and effective, but we cannot guarantee that it is free of errors or that a platform will never restrict an account. To the extent the law allows, we are not liable for indirect losses, lost profits, or losses caused by third-party platforms, proxies or networks.',
        'We may update these terms; important changes are announced on this page and in the client before they take effect. If a provision is found invalid, the rest remain in force. Questions about these terms can be sent through a ticket.',
      ],
      points: [],
    },
  ],
  support: {
    title: 'Support at a glance',
    items: [
      { label: 'Who', value: 'Every account' },
      { label: 'Language', value: 'Chinese' },
      { label: 'Hours', value: '7x12 — 9:00 to 21:00 Beijing time, every day' },
      // The chat is named only on pages that load it (a chat script is configured).
      { label: 'How', value: 'Tickets', withChat: 'Tickets, or the chat button on this page' },
    ],
    note: 'Everyone can use the FAQ and the documentation at any time.',
    faq: 'Go to the FAQ',
  },
};

const zh: typeof en = {
  hero: {
    eyebrow: '法律信息',
    title: '服务条款与隐私政策',
    updated: '最近更新：2026 年 11 月 1 日',
    intro:
      '本条款适用于海鸟客户端、本网站、本地 API 以及我们随之提供的全部服务。注册账号或使用海鸟，即表示你接受本条款。请仔细阅读，尤其是关于终止服务和免责的部分。',
  },
  contents: '目录',
  sections: [
    {
      title: '账号',
      paragraphs: [
        '使用海鸟需要注册账号。注册时请提供真实信息，并及时更新邮箱地址，我们会通过邮箱发送安全通知。',
        '你需要对账号及其子账号下的所有操作负责，并妥善保管密码、Token 和 API 凭证。主账号决定子账号可以使用哪些环境，并对子账号的使用行为负责。如怀疑他人获取了你的账号，请立即提交工单告知我们。',
      ],
      points: [],
    },
    {
      title: '费用',
      paragraphs: [
        '海鸟免费提供。我们不提供任何付费服务：没有订阅、增值项目或升级版可供购买，我们不会索取任何支付信息，也不会收取任何费用，因此不存在退款问题。',
        '你与他人约定的费用，例如代理服务商为你在海鸟中使用的代理收取的费用，由你与对方自行处理。',
      ],
      points: [],
    },
    {
      title: '终止服务',
      paragraphs: [
        '你可以随时停止使用海鸟，并申请注销账号。如账号违反本条款或法律、危及其他用户或我们的系统，或被用于欺诈，我们可以暂停或关闭该账号。',
        '账号关闭后，其环境、同步数据和 API 凭证将在短暂的保留期后删除，API 凭证立即失效。',
      ],
      points: [],
    },
    {
      title: '内容合法性与版权',
      paragraphs: [
        '海鸟是管理你自有账号的工具。你必须依法使用海鸟，并遵守所经营平台的规则；通过海鸟打开的每个账号和网站同样如此。你发布的内容、销售的商品和收集的数据由你自行负责。',
        '海鸟软件、本网站及其文字、设计、标识和文档受著作权及其他权利保护，归我们或我们的许可方所有。除法律明确允许的情形外，你不得复制、修改、转售、反编译或逆向工程本软件。你自己的内容仍归你所有。',
      ],
      points: [],
    },
    {
      title: '隐私',
      paragraphs: [
        '我们只收集提供服务所必需的信息：账号名和邮箱、开启云同步时的环境设置、你提交的工单，以及 API 使用记录等技术日志。我们不会出售个人数据。',
        '除非你主动同步或分享，环境的 Cookie 和浏览数据只保存在你的电脑上。本网站会在浏览器存储中保存三项信息：语言选择、登录 Token 和邮箱地址。你可以随时通过工单要求查看、更正或删除你的个人数据。',
      ],
      points: [],
    },
    {
      title: '免责声明与其他条款',
      paragraphs: [
        '海鸟按“现状”提供。我们会尽力保证服务可用、有效，但无法保证软件没有错误，也无法保证平台永远不会限制某个账号。在法律允许的范围内，我们不对间接损失、利润损失，以及由第三方平台、代理或网络造成的损失承担责任。',
        '我们可能会更新本条款，重要变更会在生效前通过本页面和客户端公告。如某一条款被认定无效，其余条款仍然有效。对本条款有疑问，可以通过工单联系我们。',
      ],
      points: [],
    },
  ],
  support: {
    title: '技术支持一览',
    items: [
      { label: '服务对象', value: '所有账号' },
      { label: '服务语言', value: '中文' },
      { label: '服务时间', value: '7x12：北京时间每天 9:00 至 21:00' },
      { label: '联系方式', value: '工单', withChat: '工单，或本页的在线客服' },
    ],
    note: '所有用户都可以随时查阅常见问题和文档。',
    faq: '查看常见问题',
  },
};

export const privacyCopy = { en, zh };
