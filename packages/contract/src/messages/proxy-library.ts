import type { Localized } from '../i18n.ts';

/**
 * The proxy library's answers (the /manager/proxies/* calls, apps/local-api/src/adapters/manager/
 * proxy-library.ts): its successes, and the reasons it refuses a proxy to save, a name or an id.
 */
export const proxyLibraryMessages = {
  savedProxyListSuccess: { en: 'Saved Proxy List Return Success', zh: '代理库列表获取成功' },
  savedProxyGetSuccess: { en: 'Saved Proxy Return Success', zh: '已保存的代理获取成功' },
  savedProxyCreateSuccess: { en: 'Saved Proxy Create Success', zh: '代理已保存到代理库' },
  savedProxyUpdateSuccess: { en: 'Saved Proxy Update Success', zh: '已保存的代理更新成功' },
  savedProxyDeleteSuccess: { en: 'Saved Proxy Delete Success', zh: '已保存的代理删除成功' },
  savedProxyCheckFinished: { en: 'Saved Proxy Check Finished.', zh: '已保存的代理检测完成。' },
  sessionExitsSuccess: { en: 'Session Exit Return Success', zh: '环境出口信息获取成功' },

  savedProxyNotFound: {
    en: 'Saved proxy not found: {ids}',
    zh: '代理库中没有该代理：{ids}',
  },
  savedProxyNameExists: {
    en: 'A saved proxy named “{name}” already exists',
    zh: '已存在名为“{name}”的代理',
  },
  savedProxyNameEmpty: {
    en: 'Name must hold more than spaces',
    zh: '名称不能只包含空格',
  },
  savedProxyDuplicate: {
    en: 'This proxy (the same type, host, port and user name) is already saved as “{name}”',
    zh: '该代理（类型、主机、端口和用户名都相同）已保存为“{name}”',
  },
  /** The {reason} of proxyFieldsInvalid for a saved proxy of type noproxy. */
  savedProxyNoProxy: {
    en: '{field} noproxy is no proxy to save',
    zh: '{field} 为 noproxy 时没有可保存的代理',
  },
  /** The {reason} of proxyFieldsInvalid for a field its schema refuses. */
  savedProxyFieldInvalid: {
    en: '{field} is not valid',
    zh: '{field} 无效',
  },
  /** A refused proxy of a list: which one, then why. */
  savedProxyItemRefused: {
    en: 'Proxy {number} of the list (“{name}”): {reason}',
    zh: '列表中的第 {number} 个代理（“{name}”）：{reason}',
  },
} as const satisfies Record<string, Localized>;
