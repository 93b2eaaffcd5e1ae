/**
 * The advanced switches the form offers (the contract's `advancedFlagFields`, minus the two media
 * switches the Basics of update carry), each with a one-line explanation of what it does in the
 * browser (docs/browser-runtime.md, "Settings and what they do in the browser").
 */
import type { advancedFlagFields } from '@hainiao/contract';

export type FlagName = Exclude<keyof typeof advancedFlagFields, 'Disable_video' | 'Disable_img'>;

export interface FlagHelp {
  label: { en: string; zh: string };
  help: { en: string; zh: string };
}

export const ADVANCED_FLAGS: Readonly<Record<FlagName, FlagHelp>> = {
  Lock_Browser_windows_size: {
    label: { en: 'Lock the window size', zh: '锁定窗口大小' },
    help: {
      en: "The page's viewport stays at the resolution when the window is resized.",
      zh: '调整窗口大小时，网页可视区域保持为环境分辨率。',
    },
  },
  ImageInvisible: {
    label: { en: 'Hide images', zh: '隐藏图片' },
    help: {
      en: 'Images still load but are not shown (and cannot be clicked).',
      zh: '图片照常加载，但不显示（也无法点击）。',
    },
  },
  AUTOPLAY_SETTING: {
    label: { en: 'Autoplay media', zh: '自动播放媒体' },
    help: {
      en: 'Video and audio with sound play without a click; off, they wait for the user.',
      zh: '带声音的音视频无需点击即可播放；关闭后需用户操作才播放。',
    },
  },
  SOUND_SETTING: {
    label: { en: 'Sound', zh: '声音' },
    help: {
      en: 'Off mutes the browser: pages play, nothing is heard.',
      zh: '关闭后浏览器静音：网页照常播放，但听不到声音。',
    },
  },
  GoogleTranslate: {
    label: { en: 'Offer Google Translate', zh: '启用谷歌翻译' },
    help: {
      en: 'Pages in other languages get the translate offer (needs the service’s Google API key on Chromium).',
      zh: '外语网页会提示翻译（Chromium 需要服务配置 Google API 密钥）。',
    },
  },
  SavePasswordPop: {
    label: { en: 'Offer to save passwords', zh: '提示保存密码' },
    help: {
      en: 'The browser offers to save the passwords you type; automatic sign-in stays off.',
      zh: '输入密码后浏览器提示保存；自动登录始终关闭。',
    },
  },
  Notification: {
    label: { en: 'Allow notifications', zh: '允许通知' },
    help: {
      en: 'Sites may show notifications without asking; off, they must ask first.',
      zh: '网站无需询问即可发送通知；关闭时须先征得同意。',
    },
  },
  FingerPrint_Noise: {
    label: { en: 'Fingerprint noise (detectable)', zh: '指纹噪声（可被检测）' },
    help: {
      en: 'A script adds seeded noise to canvas, WebGL and audio read-backs. Detectors can find it; off keeps the engine’s own values.',
      zh: '用脚本给画布、WebGL 和音频读回的数据加入噪声。检测工具能发现；关闭时保持内核自身的值。',
    },
  },
  CLIPBOARD_READ_WRITE: {
    label: { en: 'Clipboard access', zh: '剪贴板权限' },
    help: {
      en: 'Sites may read and write the clipboard without a prompt.',
      zh: '网站无需提示即可读写剪贴板。',
    },
  },
  NetError_StopChrome: {
    label: { en: 'Stop on proxy failure', zh: '代理失败时停止' },
    help: {
      en: 'A proxy that does not connect stops the browser instead of letting pages fail.',
      zh: '代理无法连接时停止浏览器，而不是让网页加载失败。',
    },
  },
  fakedevice_forCamera: {
    label: { en: 'Virtual camera and microphone', zh: '虚拟摄像头和麦克风' },
    help: {
      en: 'Sites get a fake camera and microphone without a prompt.',
      zh: '网站无需提示即可获得虚拟摄像头和麦克风。',
    },
  },
  Exit_ClearChrome: {
    label: { en: 'Clear browsing data on exit', zh: '退出时清除浏览数据' },
    help: {
      en: 'Cache, cookies, history and site storage are removed after the browser exits.',
      zh: '浏览器退出后删除缓存、Cookie、历史记录和网站存储。',
    },
  },
  restore_on_startup: {
    label: { en: 'Restore last tabs', zh: '恢复上次的标签页' },
    help: {
      en: 'The tabs of the last run come back after the start pages.',
      zh: '启动时在启动页之后恢复上次打开的标签页。',
    },
  },
  Exit_SaveCookie: {
    label: { en: 'Save cookies on exit', zh: '退出时保存 Cookie' },
    help: {
      en: 'Cookies are kept in the environment when it stops and set again at the next start.',
      zh: '停止时把 Cookie 保存到环境中，下次启动时重新载入。',
    },
  },
  forcembpoint: {
    label: { en: 'Open the fingerprint check page', zh: '打开指纹检测页' },
    help: {
      en: 'A page showing what sites see (user agent, time zone, screen…) opens at start.',
      zh: '启动时打开一个页面，显示网站能看到的信息（User-Agent、时区、屏幕等）。',
    },
  },
  StartClearCache: {
    label: { en: 'Clear cache on start', zh: '启动时清除缓存' },
    help: {
      en: 'The profile’s cache is removed before each start.',
      zh: '每次启动前删除配置文件中的缓存。',
    },
  },
  StartClearCookies: {
    label: { en: 'Start without cookies', zh: '启动时清除 Cookie' },
    help: {
      en: 'Each start is without any cookie; the stored cookies stay for export.',
      zh: '每次启动都不带任何 Cookie；已保存的 Cookie 仍可导出。',
    },
  },
  StartClearHistory: {
    label: { en: 'Clear history on start', zh: '启动时清除历史记录' },
    help: {
      en: 'The browsing history is removed before each start.',
      zh: '每次启动前删除浏览历史记录。',
    },
  },
  Sync_Profile: {
    label: { en: 'Sync the profile through the cloud', zh: '通过云端同步浏览器资料' },
    help: {
      en: 'When the browser stops, its storage, history and saved logins go to the cloud; another computer of the account gets them at start.',
      zh: '浏览器关闭时，其存储、历史记录和已保存的登录信息上传到云端；本账号的其他电脑启动时会取回。',
    },
  },
};

export const FLAG_NAMES = Object.keys(ADVANCED_FLAGS) as FlagName[];

/** The four switches of FingerPrint_Setting, in order: a canvas, b WebGL, c audio, d fonts. */
export const FINGERPRINT_SWITCHES: readonly FlagHelp[] = [
  {
    label: { en: 'Canvas', zh: '画布' },
    help: {
      en: 'Canvas text is drawn with the environment’s own font hinting (Linux hosts).',
      zh: '画布文字使用环境自己的字体微调方式绘制（Linux 主机）。',
    },
  },
  {
    label: { en: 'WebGL', zh: 'WebGL' },
    help: {
      en: 'Chooses whether the optional noise touches WebGL; the GPU shows as it is.',
      zh: '决定可选噪声是否作用于 WebGL；显卡信息保持真实。',
    },
  },
  {
    label: { en: 'Audio', zh: '音频' },
    help: {
      en: 'Chooses whether the optional noise touches audio; the audio stack shows as it is.',
      zh: '决定可选噪声是否作用于音频；音频设备信息保持真实。',
    },
  },
  {
    label: { en: 'Fonts', zh: '字体' },
    help: {
      en: 'Environments get their own default and visible font families (Linux hosts only).',
      zh: '各环境拥有不同的默认字体和可见字体（仅 Linux 主机）。',
    },
  },
];
