import type { Localized } from '../i18n.ts';

/**
 * Local API messages of the security rules (issue "Security"): library (what the cloud hands the
 * service: ids, versions, download URLs, archives) and the SSH host-key pin of SSH proxies.
 * The library ones keep the prefix of `libraryUnavailable` (same code, -5), with the rule broken.
 */
export const securityLibraryMessages = {
  libraryUnsafeName: {
    en: 'Library download failed: the cloud sent an unsafe {field} {value} (only letters, digits, ".", "_" and "-" are allowed, and no "..")',
    zh: '资源库下载失败：云端返回的{field}不安全 {value}（只允许字母、数字、“.”、“_”和“-”，且不得含“..”）',
  },
  libraryOutsideFolder: {
    en: 'Library download failed: {path} is outside the library folder',
    zh: '资源库下载失败：{path} 不在资源库文件夹内',
  },
  libraryForeignUrl: {
    en: 'Library download failed: the download URL {url} is not on the cloud {origin}',
    zh: '资源库下载失败：下载地址 {url} 不在云端 {origin} 上',
  },
  libraryDownloadTooLarge: {
    en: 'Library download failed: {url} is larger than {limit}',
    zh: '资源库下载失败：{url} 超过 {limit}',
  },
  libraryUnpackedTooLarge: {
    en: 'Library download failed: {url} unpacks to more than {limit} (archive refused as a zip bomb)',
    zh: '资源库下载失败：{url} 解压后超过 {limit}（按压缩炸弹拒绝）',
  },
  libraryTooManyFiles: {
    en: 'Library download failed: {url} has more than {limit} files',
    zh: '资源库下载失败：{url} 的文件数超过 {limit} 个',
  },
  libraryUnsafeEntry: {
    en: 'Library download failed: {url} has an unsafe entry {name} (absolute path or ".." component, zip-slip)',
    zh: '资源库下载失败：{url} 含不安全的条目 {name}（绝对路径或含“..”，即 zip-slip）',
  },
  sshHostKeyChanged: {
    en: "The SSH server's host key changed (possible interception): {address} presented {presented}, but this environment pinned {pinned}. To accept the new key, update the environment's proxy (proxy/update) to a different host or port, or delete {file}",
    zh: 'SSH 服务器的主机密钥已改变（可能遭到拦截）：{address} 出示的是 {presented}，而本环境固定的是 {pinned}。如要接受新密钥，请用 proxy/update 把该环境的代理改为其他主机或端口，或删除 {file}',
  },
} as const satisfies Record<string, Localized>;
