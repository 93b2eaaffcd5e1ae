import { describe, expect, test } from 'vitest';
import {
  createSessionBody,
  GROUP_NAME_MAX,
  proxyFields,
  SESSION_NAME_MAX,
} from '@hainiao/contract';
import { bodyProblems, checkValue, schemaRule } from './validate.ts';

const shape = createSessionBody.shape;

describe('validation from the contract', () => {
  test('limits come from the schema, in both languages', () => {
    const long = 'x'.repeat(SESSION_NAME_MAX + 1);
    expect(checkValue(shape.Session_Name, long, 'en')).toBe(
      `At most ${SESSION_NAME_MAX} characters`,
    );
    expect(checkValue(shape.Session_Name, long, 'zh')).toBe(`最多 ${SESSION_NAME_MAX} 个字符`);
    expect(checkValue(shape.Session_Group, 'g'.repeat(GROUP_NAME_MAX), 'en')).toBeUndefined();
    expect(checkValue(proxyFields.Proxy_Port, 70000, 'en')).toBe('At most 65535');
    expect(checkValue(shape.HomePage_url, ['javascript:alert(1)'], 'en')).toBe(
      'Not in the expected format',
    );
    expect(checkValue(shape.Static_PublicIP, '300.1.1.1', 'zh')).toBe('格式不正确');
  });

  test('an Ant Design rule rejects with the message and lets an empty optional field pass', async () => {
    const rule = schemaRule(shape.Session_Desc, 'en');
    await expect(rule.validator({}, '')).resolves.toBeUndefined();
    await expect(rule.validator({}, 'd'.repeat(500))).rejects.toThrow('At most 150 characters');
  });

  test('a whole body’s problems are named by field', () => {
    expect(
      bodyProblems(
        createSessionBody,
        { Automatic_Configure: 1, Session_Nmae: 'typo', CountryCode: 'USA' },
        'en',
      ),
    ).toEqual([
      { field: 'CountryCode', message: 'Not in the expected format' },
      { field: '', message: 'Not a field of this call: Session_Nmae' },
    ]);
  });
});
