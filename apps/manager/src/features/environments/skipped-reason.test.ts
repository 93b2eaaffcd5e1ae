import { describe, expect, test } from 'vitest';
import { skippedReasonText } from './skipped-reason.ts';

describe('why a shared copy was refused, in the reader’s language', () => {
  test.each([
    [
      'settings.launchArgs: not allowed here (--load-extension)',
      'it has launch arguments this machine does not allow (--load-extension)',
      '包含本机不允许的启动参数（--load-extension）',
    ],
    [
      'env.userAgent: not a user agent of Windows',
      'its user agent is not one of Windows',
      'User-Agent 不属于 Windows 系统',
    ],
    [
      'usage.fingerprint: not a fingerprint of known values',
      'its fingerprint holds values this machine does not know',
      '指纹包含本机不认识的值',
    ],
    [
      'env.description: Invalid input: expected string, received undefined',
      'its description is not valid',
      '描述的值无效',
    ],
    ['settings.timezone: Invalid input', 'one of its settings is not valid', '设置的值无效'],
    ['not JSON', 'its data cannot be read', '副本的数据无法读取'],
    [
      'UNIQUE constraint failed: environment.id',
      'this machine could not store the copy',
      '本机无法保存这份副本',
    ],
  ])('%s', (reason, en, zh) => {
    expect(skippedReasonText(reason, 'en')).toBe(en);
    expect(skippedReasonText(reason, 'zh')).toBe(zh);
    // No English word is left in the Chinese text but technical names.
    expect(skippedReasonText(reason, 'zh')).not.toMatch(/\b(not|valid|its|the)\b/);
  });
});
