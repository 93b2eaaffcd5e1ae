import { defineCodeTable } from './table.ts';

/**
 * Result codes of the cloud's environment-sync calls (issue 13: envpush, envpull, envshare,
 * envunshare, envlease, envrelease). The local API turns each into its own answer: a stale write
 * into a conflict copy, ENV_IN_USE into the start's -7, ENV_UPLOADING into main code -7
 * (Login_Uping), DATA_CORRUPTED into -10.
 */
export const SyncCodes = /* @__PURE__ */ defineCodeTable([
  {
    code: 3001,
    name: 'VERSION_STALE',
    en: 'This environment changed on another machine since this copy was read',
    zh: '读取此副本后，该环境已在另一台设备上被修改',
  },
  {
    code: 3002,
    name: 'ENV_IN_USE',
    en: 'This environment is running on another machine of the account',
    zh: '该环境正在本账号的另一台设备上运行',
  },
  {
    code: 3003,
    name: 'ENV_UPLOADING',
    en: 'This environment is still uploading from another machine',
    zh: '该环境仍在从另一台设备上传数据',
  },
  {
    code: 3004,
    name: 'DATA_CORRUPTED',
    en: 'The environment data does not match its checksum',
    zh: '环境数据与校验值不符',
  },
  {
    code: 3005,
    name: 'UNKNOWN_ACCOUNT',
    en: 'There is no account with this name',
    zh: '不存在该名称的账号',
  },
  {
    code: 3006,
    name: 'SHARE_TO_SELF',
    en: 'An environment cannot be shared with its own account',
    zh: '不能将环境分享给自己的账号',
  },
  {
    code: 3007,
    name: 'NOT_OWNER',
    en: 'Only the owner of this environment (or the main account of its team) may do this',
    zh: '只有该环境的所有者（或其团队的主账号）可以执行此操作',
  },
  {
    code: 3008,
    name: 'ENV_NOT_FOUND',
    en: 'The environment is not in the cloud, or not visible to this account',
    zh: '云端没有该环境，或本账号无权查看',
  },
  {
    code: 3009,
    name: 'SETTINGS_READ_ONLY',
    en: 'An environment shared with you keeps its owner’s settings: only its cookies and profile change when you use it',
    zh: '他人分享给你的环境沿用所有者的设置：使用时只会更新其 Cookie 和浏览器资料',
  },
  {
    code: 3010,
    name: 'CHUNK_NOT_HELD',
    en: 'The snapshot names profile chunks this account has not uploaded and cannot read',
    zh: '快照引用了本账号未上传且无权读取的浏览器资料数据块',
  },
  {
    code: 3011,
    name: 'QUOTA_EXCEEDED',
    en: 'The cloud storage quota of this account is full',
    zh: '本账号的云端存储空间已满',
  },
] as const);
