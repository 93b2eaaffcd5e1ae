/** Copy of the download page. `{…}` placeholders are filled with format(). */
const en = {
  banner: {
    eyebrow: 'Download',
    title: 'Download Hainiao',
    current: 'Current version',
    text: 'Free forever, with unlimited installs. Download the program for your system and check its SHA-256 before you run it.',
    loadingVersion: 'Checking the latest version…',
    /** The version card's value when this server has published nothing. */
    noVersion: 'None yet',
    none: 'No client program has been published on this server yet.',
    noneHint: 'An operator publishes one by running',
    failed: 'The current version could not be checked.',
    noFiles: 'No download has been published for this version yet.',
    filesError: 'The download links could not be loaded.',
    runsOn: 'Runs on {systems}',
    checksum: 'SHA-256',
  },
  /** A program's system, on its download button and in the history table. */
  systems: {
    'windows-x64': 'Windows (64-bit)',
    'linux-x64': 'Linux (64-bit)',
  },
  checksum: {
    copy: 'Copy',
    copied: 'Copied',
    /** Shown when the clipboard refused: the value is selected for the visitor to copy. */
    failed: 'Selected, press Ctrl+C',
    /** Read after "Copy" by screen readers, to tell the buttons apart. */
    of: 'the SHA-256 of {file}',
  },
  cores: {
    title: 'Browser cores',
    lead: 'Browser versions {min} to {max} are offered. Kernels {from} and later run on Windows 10 and 11 only; earlier kernels also run on Windows 7 and 8.',
    bundled:
      'Every core comes with the current Windows program, so each button downloads the same file.',
    kernel: 'Chromium {core} kernel',
    browserVersion: 'Browser version',
    coreVersion: 'Kernel',
    compatibility: 'Runs on',
    recommended: 'Newest',
    download: 'Download',
    checking: 'Checking…',
    unpublished: 'Not published yet',
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
    title: 'Version history',
    lead: 'Every published file of the Hainiao client, newest first, with its SHA-256. Files open in a new tab.',
    caption: 'Published files of the Hainiao client',
    name: 'File',
    system: 'System',
    size: 'Size',
    date: 'Release date',
    systems: 'Compatible systems',
    checksum: 'SHA-256',
    none: 'None',
    loading: 'Loading the version history…',
    error: 'The version history could not be loaded.',
    empty: 'Nothing has been published yet.',
  },
  guide: {
    title: 'Get started in four steps',
    steps: [
      {
        title: 'Download',
        text: 'Download the program for your system above. To check the download, compare its SHA-256 (certutil -hashfile <file> SHA256 on Windows, sha256sum <file> on Linux) with the one shown.',
      },
      {
        title: 'Run',
        text: 'On Windows, double-click the .exe; if SmartScreen warns about an unknown publisher, choose More info, then Run anyway. On Linux, run chmod +x on the file first. It uses your installed Chrome or Edge on Windows and Chromium on Linux.',
      },
      {
        title: 'Sign in',
        text: 'The first time, the environment manager opens in your browser. Sign in with your account and an APP_ID and APP_KEY from the API console of this site.',
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
    title: '下载海鸟浏览器',
    current: '当前版本',
    text: '永久免费，不限安装次数。请下载适合你系统的程序，运行前先核对它的 SHA-256 校验值。',
    loadingVersion: '正在获取最新版本…',
    noVersion: '暂未发布',
    none: '此服务器尚未发布任何客户端程序。',
    noneHint: '运维人员运行以下命令即可发布：',
    failed: '暂时无法获取当前版本。',
    noFiles: '此版本暂未发布可下载的文件。',
    filesError: '下载链接加载失败。',
    runsOn: '适用于 {systems}',
    checksum: 'SHA-256',
  },
  systems: {
    'windows-x64': 'Windows（64 位）',
    'linux-x64': 'Linux（64 位）',
  },
  checksum: {
    copy: '复制',
    copied: '已复制',
    failed: '已选中，请按 Ctrl+C 复制',
    of: '{file} 的 SHA-256',
  },
  cores: {
    title: '浏览器内核',
    lead: '提供浏览器版本 {min} 至 {max}。{from} 及以上版本的内核仅支持 Windows 10 和 11，更早的内核同时支持 Windows 7 和 8。',
    bundled: '所有内核都包含在当前的 Windows 客户端程序中，因此每个下载按钮下载的都是同一个文件。',
    kernel: 'Chromium {core} 内核',
    browserVersion: '浏览器版本',
    coreVersion: '内核',
    compatibility: '适用系统',
    recommended: '最新',
    download: '下载',
    checking: '正在检查…',
    unpublished: '尚未发布',
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
    title: '版本历史',
    lead: '海鸟客户端已发布的全部文件，按版本从新到旧排列，并附 SHA-256 校验值。文件将在新标签页中打开。',
    caption: '海鸟客户端已发布的文件',
    name: '文件',
    system: '系统',
    size: '大小',
    date: '发布日期',
    systems: '兼容系统',
    checksum: 'SHA-256',
    none: '无',
    loading: '正在加载版本历史…',
    error: '版本历史加载失败。',
    empty: '暂未发布任何文件。',
  },
  guide: {
    title: '四步开始使用',
    steps: [
      {
        title: '下载',
        text: '在上方下载适合你系统的程序。下载后可核对 SHA-256 校验值（Windows 上运行 certutil -hashfile <文件> SHA256，Linux 上运行 sha256sum <文件>），与页面显示的一致即可。',
      },
      {
        title: '运行',
        text: 'Windows 上双击 .exe 文件；如果 SmartScreen 提示“未知发布者”，请点击“更多信息”，再点击“仍要运行”。Linux 上请先对文件执行 chmod +x。程序在 Windows 上使用已安装的 Chrome 或 Edge，在 Linux 上使用 Chromium。',
      },
      {
        title: '登录',
        text: '首次运行时，环境管理器会在浏览器中自动打开。使用你的账号，以及在本站 API 控制台创建的 APP_ID 和 APP_KEY 登录。',
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
