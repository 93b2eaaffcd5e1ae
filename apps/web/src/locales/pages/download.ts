/** Copy of the download page. `{…}` placeholders are filled with format(). */
const en = {
  banner: {
    eyebrow: 'Download',
    title: 'Download Hainiao for Windows',
    current: 'Current version',
    text: 'Free forever, with unlimited installs. Pick the browser core that matches the Chrome version your environments present and the Windows version of your computer.',
    button: 'Download the latest',
    systems: 'Windows 7, 8, 10 and 11 · 64-bit',
    loadingVersion: 'Checking the latest version…',
  },
  cores: {
    title: 'Browser cores',
    lead: 'Browser versions {min} to {max} are offered. Kernels {from} and later run on Windows 10 and 11 only; earlier kernels also run on Windows 7 and 8.',
    kernel: 'Chromium {core} kernel',
    browserVersion: 'Browser version',
    coreVersion: 'Kernel',
    compatibility: 'Runs on',
    recommended: 'Newest',
    download: 'Download',
    error: 'The browser cores could not be loaded.',
    empty: 'No browser cores are available right now.',
  },
  kernels: {
    title: 'Kernel versions',
    lead: 'Every kernel currently offered, with the Windows versions it supports.',
    kernel: 'Kernel',
    systems: 'Windows versions',
    browser: 'Browser version',
  },
  history: {
    title: 'Previous versions',
    lead: 'Older releases of the Hainiao client. Files open in a new tab.',
    caption: 'Previous versions of the Hainiao client',
    name: 'File',
    size: 'Size',
    date: 'Release date',
    systems: 'Compatible systems',
    loading: 'Loading previous versions…',
    error: 'The previous versions could not be loaded.',
    empty: 'There are no previous versions yet.',
  },
  guide: {
    title: 'Install in four steps',
    steps: [
      {
        title: 'Download',
        text: 'Choose a browser core above and download its package. Check the compatibility line if you are on Windows 7 or 8.',
      },
      {
        title: 'Install',
        text: 'Run the installer and follow it to the end. If Windows asks whether the app may make changes, choose Yes.',
      },
      {
        title: 'Sign in',
        text: 'Start Hainiao and sign in, or create a free account. Your environments sync to every computer you sign in on.',
      },
      {
        title: 'Create an environment',
        text: 'Create your first environment, add a proxy, and open it. The fingerprint, time zone and language are set for you.',
      },
    ],
    help: 'Stuck? Read the installation FAQ',
  },
};

const zh: typeof en = {
  banner: {
    eyebrow: '下载',
    title: '下载海鸟浏览器 Windows 版',
    current: '当前版本',
    text: '永久免费，不限安装次数。请根据环境需要呈现的 Chrome 版本和你电脑的 Windows 版本选择浏览器内核。',
    button: '下载最新版',
    systems: 'Windows 7、8、10、11 · 64 位',
    loadingVersion: '正在获取最新版本…',
  },
  cores: {
    title: '浏览器内核',
    lead: '提供浏览器版本 {min} 至 {max}。{from} 及以上版本的内核仅支持 Windows 10 和 11，更早的内核同时支持 Windows 7 和 8。',
    kernel: 'Chromium {core} 内核',
    browserVersion: '浏览器版本',
    coreVersion: '内核',
    compatibility: '适用系统',
    recommended: '最新',
    download: '下载',
    error: '浏览器内核列表加载失败。',
    empty: '暂时没有可下载的浏览器内核。',
  },
  kernels: {
    title: '内核版本',
    lead: '当前提供的全部内核及其支持的 Windows 版本。',
    kernel: '内核',
    systems: 'Windows 版本',
    browser: '浏览器版本',
  },
  history: {
    title: '历史版本',
    lead: '海鸟客户端的历史版本，文件将在新标签页中打开。',
    caption: '海鸟客户端历史版本',
    name: '文件',
    size: '大小',
    date: '发布日期',
    systems: '兼容系统',
    loading: '正在加载历史版本…',
    error: '历史版本加载失败。',
    empty: '暂无历史版本。',
  },
  guide: {
    title: '四步完成安装',
    steps: [
      {
        title: '下载',
        text: '在上方选择浏览器内核并下载安装包。如果使用 Windows 7 或 8，请先查看兼容说明。',
      },
      {
        title: '安装',
        text: '运行安装程序并按提示完成安装。如果 Windows 询问是否允许此应用更改设备，请选择“是”。',
      },
      {
        title: '登录',
        text: '启动海鸟并登录，或免费注册一个账号。环境会同步到你登录的每一台电脑。',
      },
      {
        title: '创建环境',
        text: '创建第一个环境，添加代理后打开即可。指纹、时区和语言都会自动配置好。',
      },
    ],
    help: '遇到问题？查看安装相关的常见问题',
  },
};

export const downloadCopy = { en, zh };
