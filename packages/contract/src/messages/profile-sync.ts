import type { Localized } from '../i18n.ts';

/**
 * Local API messages of profile snapshots (issue 13, "Profiles travel too, when asked"): what a
 * snapshot that cannot be trusted, or a profile that changed under an upload, tells the caller.
 * They go out with code -10 (data corrupted).
 */
export const profileSyncMessages = {
  profileChunkCorrupt: {
    en: 'Profile snapshot damaged: chunk {hash} does not match its hash',
    zh: '浏览器配置快照已损坏：数据块 {hash} 与其哈希不符',
  },
  profileChunkMissing: {
    en: 'Profile snapshot incomplete: the cloud does not hold chunk {hash}',
    zh: '浏览器配置快照不完整：云端没有数据块 {hash}',
  },
  profileUnsafePath: {
    en: 'Profile snapshot refused: the file {path} would be written outside the profile folder',
    zh: '已拒绝浏览器配置快照：文件 {path} 将被写到配置文件夹之外',
  },
  profileManifestInvalid: {
    en: 'Profile snapshot damaged: its list of files is not valid ({reason})',
    zh: '浏览器配置快照已损坏：其文件列表无效（{reason}）',
  },
  profileChangedDuringUpload: {
    en: 'Profile upload stopped: {path} changed while it was being read; stop the browser and try again',
    zh: '浏览器配置上传已停止：{path} 在读取时发生了变化，请先关闭浏览器再重试',
  },
} as const satisfies Record<string, Localized>;
