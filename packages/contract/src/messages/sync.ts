import type { Localized } from '../i18n.ts';

/**
 * Messages of cloud sync, sharing and teams as the local API answers them (issue 13): starts
 * refused because of another machine or the cloud, shares refused by the cloud, unshare.
 */
export const syncMessages = {
  syncRunningElsewhere: {
    en: 'This environment is running on another machine of the account; stop it there first',
    zh: '该环境正在本账号的另一台设备上运行，请先在那台设备上关闭它',
  },
  syncUploading: {
    en: 'This environment is still uploading from another machine (Login_Uping); try again in a moment',
    zh: '该环境仍在从另一台设备上传数据（Login_Uping），请稍后再试',
  },
  syncTimeout: {
    en: 'Sync timed out: the latest data of this environment could not be downloaded from the cloud ({reason})',
    zh: '同步超时：未能从云端下载该环境的最新数据（{reason}）',
  },
  syncCorrupted: {
    en: 'Data corrupted: the copy of this environment from the cloud does not match its checksum, so it was not used',
    zh: '数据已损坏：从云端获取的该环境副本与校验值不符，因此未被使用',
  },
  syncGone: {
    en: 'This environment was deleted, or is no longer shared with this account',
    zh: '该环境已被删除，或已不再分享给本账号',
  },
  shareUnknownUser: {
    en: 'Share failed: there is no account named {account}',
    zh: '分享失败：不存在名为 {account} 的账号',
  },
  shareNotOwner: {
    en: 'Share failed: only the owner of this environment (or the main account of its team) can share it',
    zh: '分享失败：只有该环境的所有者（或其团队的主账号）可以分享它',
  },
  // The {reason} of shareNeedsCloud and syncTimeout, in the caller's language.
  reasonCloudUnreachable: { en: 'the cloud cannot be reached', zh: '无法连接到云端' },
  reasonCloudTimeout: { en: 'the cloud did not answer in time', zh: '云端未能及时响应' },
  reasonCloudFailed: { en: 'the cloud answered with an error', zh: '云端返回了错误' },
  reasonNotInCloud: {
    en: 'the environment is not in the cloud yet',
    zh: '该环境尚未上传到云端',
  },
  reasonNewerNotArrived: {
    en: 'the newer version did not arrive',
    zh: '较新的版本未能下载到本机',
  },
  shareNeedsCloud: {
    en: 'Share failed: the environment could not be uploaded to the cloud first ({reason})',
    zh: '分享失败：未能先将该环境上传到云端（{reason}）',
  },
  unshareSuccess: { en: 'Unshare Success', zh: '已取消分享' },
  unshareNotShared: {
    en: 'This environment is not shared with {account}',
    zh: '该环境并未分享给 {account}',
  },
  // Cloud-side refusals of sync calls (issue 24): quotas, rates, and snapshots that fail the schema.
  cloudChunkQuota: {
    en: 'Cloud storage full: this account already stores {used} of profile data, and {limit} is the most one account may keep. Delete environments (or their profiles) you no longer need, then try again',
    zh: '云端存储空间已满：本账号已存储 {used} 的浏览器资料，每个账号最多 {limit}。请删除不再需要的环境（或其浏览器资料）后再试',
  },
  cloudSyncRate: {
    en: 'Too many {call} calls: at most {max} per minute per account. Try again in {seconds} s',
    zh: '{call} 调用过于频繁：每个账号每分钟最多 {max} 次，请 {seconds} 秒后再试',
  },
  // {field} is the snapshot's path (e.g. env.system), {detail} the schema's own words.
  cloudSnapshotInvalid: {
    en: 'The environment snapshot was refused: {field} is not valid ({detail})',
    zh: '环境快照未被接受：字段 {field} 无效（{detail}）',
  },
  cloudSnapshotNotJson: {
    en: 'The environment snapshot was refused: it is not a JSON object',
    zh: '环境快照未被接受：其内容不是 JSON 对象',
  },
} satisfies Record<string, Localized>;
