import type { Localized } from '../i18n.ts';

/**
 * Local API messages of the service's own virtual display: on Linux without a display a window
 * runs on an Xvfb display the service starts, so these say what stops that from working.
 */
export const virtualDisplayMessages = {
  /** A windowed start on a Linux machine with no display and no Xvfb to make one. */
  xvfbMissing: {
    en: 'No display for a browser window, and Xvfb is not installed to make one: install the package xvfb (Debian, Ubuntu: apt-get install xvfb), or turn on “Start without a window” in the environment’s settings (isHeadless 1 in a start call)',
    zh: '没有可供浏览器窗口使用的显示器，也没有安装用于创建虚拟显示器的 Xvfb：请安装 xvfb 软件包（Debian、Ubuntu：apt-get install xvfb），或在环境设置中开启“无窗口启动”（启动接口中为 isHeadless 1）',
  },
  /** Xvfb is installed but did not come up ({reason}: what it said, or the time it was given). */
  virtualDisplayFailed: {
    en: "The service's virtual display (Xvfb) did not start: {reason}",
    zh: '服务的虚拟显示器（Xvfb）未能启动：{reason}',
  },
} as const satisfies Record<string, Localized>;
