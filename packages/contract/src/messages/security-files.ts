import type { Localized } from '../i18n.ts';

/**
 * Local API messages of the security rules (issue "Security"): files.
 *
 * import-cookie and export-cookie reach only the cookie folder (`--cookie-dir`). Each refusal
 * names the rule that failed, never what a file held. `{dir}` is the cookie folder, `{file}` the
 * path as the caller gave it.
 */
export const securityFilesMessages = {
  cookieImportOutsideDir: {
    en: 'Import Cookie failed: the file must be inside the cookie folder {dir} (links leading out of it are refused)',
    zh: 'Cookie 导入失败：文件必须位于 Cookie 目录 {dir} 之内（指向目录之外的链接会被拒绝）',
  },
  cookieExportOutsideDir: {
    en: 'Export Cookie failed: the file must be inside the cookie folder {dir} (links leading out of it are refused)',
    zh: 'Cookie 导出失败：文件必须位于 Cookie 目录 {dir} 之内（指向目录之外的链接会被拒绝）',
  },
  cookieImportNotRegularFile: {
    en: 'Import Cookie failed: {file} is not a regular file',
    zh: 'Cookie 导入失败：{file} 不是普通文件',
  },
  cookieExportNotRegularFile: {
    en: 'Export Cookie failed: {file} exists and is not a regular file',
    zh: 'Cookie 导出失败：{file} 已存在且不是普通文件',
  },
  cookieExportSymlink: {
    en: 'Export Cookie failed: {file} is a symbolic link; links are never written through',
    zh: 'Cookie 导出失败：{file} 是符号链接；不会通过链接写入文件',
  },
  cookieExportExists: {
    en: 'Export Cookie failed: {file} already exists and was not written by this service; choose a new file name',
    zh: 'Cookie 导出失败：{file} 已存在且不是由本服务写入的；请使用新的文件名',
  },
  cookieExportExtension: {
    en: 'Export Cookie failed: the file name must end in .json or .txt',
    zh: 'Cookie 导出失败：文件名必须以 .json 或 .txt 结尾',
  },
  cookieExportHiddenName: {
    en: 'Export Cookie failed: no part of the path inside the cookie folder may start with a dot',
    zh: 'Cookie 导出失败：Cookie 目录内的路径中任何一级名称都不能以点号开头',
  },
} as const satisfies Record<string, Localized>;
