/**
 * Why this machine refused a shared copy, in the reader's language. The service records the
 * reason as `<field path>: <detail>` (domain/remote-snapshot.ts and the contract's snapshot
 * check, in English for its log); the manager says it in words of its own, keeping only the
 * technical names (flags, a system) that have no translation.
 */
import type { UiLang } from '../../shared/lang.tsx';

const FIELDS: Record<string, { en: string; zh: string }> = {
  'env.name': { en: 'its name', zh: '名称' },
  'env.description': { en: 'its description', zh: '描述' },
  'env.group': { en: 'its group', zh: '分组' },
  'env.system': { en: 'its system', zh: '系统' },
  'env.userAgent': { en: 'its user agent', zh: 'User-Agent' },
  'env.proxyType': { en: 'its proxy type', zh: '代理类型' },
  'env.proxyIp': { en: 'its proxy host', zh: '代理主机' },
  settings: { en: 'one of its settings', zh: '设置' },
  startPages: { en: 'one of its start pages', zh: '启动页' },
  plugins: { en: 'one of its plugins', zh: '插件' },
  scripts: { en: 'one of its scripts', zh: '脚本' },
  'usage.cookies': { en: 'one of its cookies', zh: 'Cookie' },
  'usage.fingerprint': { en: 'its fingerprint', zh: '指纹' },
  'usage.profile': { en: 'its browser data', zh: '浏览器数据' },
};

/** The field of `path` a reader knows, the most precise first (`settings.timezone` → settings). */
function fieldOf(path: string, lang: UiLang): string | undefined {
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n -= 1) {
    const known = FIELDS[parts.slice(0, n).join('.')];
    if (known) return known[lang];
  }
  return undefined;
}

export function skippedReasonText(reason: string, lang: UiLang): string {
  const zh = lang === 'zh';
  const args = /^settings\.launchArgs: not allowed here \((.*)\)$/.exec(reason);
  if (args) {
    return zh
      ? `包含本机不允许的启动参数（${args[1]}）`
      : `it has launch arguments this machine does not allow (${args[1]})`;
  }
  const agent = /^env\.userAgent: not a user agent of (.+)$/.exec(reason);
  if (agent) {
    return zh ? `User-Agent 不属于 ${agent[1]} 系统` : `its user agent is not one of ${agent[1]}`;
  }
  if (reason.startsWith('usage.fingerprint:')) {
    return zh
      ? '指纹包含本机不认识的值'
      : 'its fingerprint holds values this machine does not know';
  }
  if (reason.startsWith('usage.profile:')) {
    return zh ? '浏览器数据的文件清单无效' : "its browser data's file list is not valid";
  }
  if (reason === 'not JSON') return zh ? '副本的数据无法读取' : 'its data cannot be read';
  const field = /^([\w.]+): /.exec(reason);
  const name = field?.[1] ? fieldOf(field[1], lang) : undefined;
  if (name) return zh ? `${name}的值无效` : `${name} is not valid`;
  return zh ? '本机无法保存这份副本' : 'this machine could not store the copy';
}
