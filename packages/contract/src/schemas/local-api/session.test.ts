import { describe, expect, test } from 'vitest';
import { EnvironmentFieldCodes } from '../../codes/local-api.ts';
import {
  DELETE_MAX,
  GROUP_NAME_MAX,
  LIST_NUM_MAX,
  SESSION_DESC_MAX,
  SESSION_NAME_MAX,
  STATUS_QUERY_MAX,
} from '../../limits.ts';
import {
  SAMPLE_SESSION_ID,
  ENVIRONMENT_FIELD_CODES,
  advancedFlagFields,
  cleanBrowserCacheBody,
  createSessionBody,
  deleteSessionBody,
  exportCookieBody,
  importCookieBody,
  listSessionIdsBody,
  randomUserAgentBody,
  sessionAdvSettingBody,
  sessionContainerBody,
  shareSessionBody,
  updateSessionBody,
  updateSessionProxyBody,
} from './session.ts';

const ID = SAMPLE_SESSION_ID;
const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);
const text = (n: number) => 'x'.repeat(n);

describe('create', () => {
  test('a full example parses and normalises strings', () => {
    const parsed = createSessionBody.parse({
      Automatic_Configure: '0',
      Session_Name: 'Amazon US 01',
      Session_Desc: 'seller',
      Session_Group: 'Amazon',
      Cookie: [{ name: 'a', value: 'b', domain: '.amazon.com', path: '/' }],
      HomePage_url: 'https://www.amazon.com',
      SystemOS: 'Windows',
      resolution: '1920x1080',
      User_Agent: 'Mozilla/5.0',
      Disable_video: 1,
      Disable_img: '0',
      Proxy_Type: 'SOCKS5',
      Proxy_Ip: '203.0.113.10',
      Proxy_Port: '1080',
      Proxy_Username: 'u',
      Proxy_Password: 'p',
      TimeZone: 'America/New_York',
      CountryCode: 'US',
      LanguageCode: 'en-US',
      FingerPrint_Setting: '1,0,1,1',
      Static_PublicIP: '',
    });
    expect(parsed.Automatic_Configure).toBe(0);
    expect(parsed.Disable_img).toBe(0);
    expect(parsed.Proxy_Port).toBe(1080);
    expect(parsed.HomePage_url).toEqual(['https://www.amazon.com']);
  });

  test('Automatic_Configure is required and a 0/1 flag', () => {
    expect(createSessionBody.safeParse({}).success).toBe(false);
    expect(createSessionBody.safeParse({ Automatic_Configure: 1 }).success).toBe(true);
    expect(createSessionBody.safeParse({ Automatic_Configure: '1' }).success).toBe(true);
    expect(createSessionBody.safeParse({ Automatic_Configure: 2 }).success).toBe(false);
    expect(createSessionBody.safeParse({ Automatic_Configure: true }).success).toBe(false);
    expect(createSessionBody.safeParse({ Automatic_Configure: 'yes' }).success).toBe(false);
  });

  test('an unknown field is rejected', () => {
    const result = createSessionBody.safeParse({ Automatic_Configure: 0, Session_Nmae: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      code: 'unrecognized_keys',
      keys: ['Session_Nmae'],
    });
  });

  test.each([
    ['Session_Name', SESSION_NAME_MAX],
    ['Session_Desc', SESSION_DESC_MAX],
    ['Session_Group', GROUP_NAME_MAX],
  ])('%s: %i characters ok, one more fails', (field, max) => {
    expect(
      createSessionBody.safeParse({ Automatic_Configure: 0, [field]: text(max) }).success,
    ).toBe(true);
    const result = createSessionBody.safeParse({ Automatic_Configure: 0, [field]: text(max + 1) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });

  test('60 characters of Session_Name ok, 61 fail', () => {
    expect(SESSION_NAME_MAX).toBe(60);
    expect(
      createSessionBody.safeParse({ Automatic_Configure: 0, Session_Name: text(60) }).success,
    ).toBe(true);
    expect(
      createSessionBody.safeParse({ Automatic_Configure: 0, Session_Name: text(61) }).success,
    ).toBe(false);
  });

  test.each([
    ['1,1,1,1', true],
    ['1,0,1,1', true],
    ['0,0,0,0', true],
    ['1,1,1', false],
    ['1,1,1,1,1', false],
    ['1,2,1,1', false],
    ['1, 1, 1, 1', false],
    ['', false],
  ])('FingerPrint_Setting %j → %s', (value, ok) => {
    expect(
      createSessionBody.safeParse({ Automatic_Configure: 0, FingerPrint_Setting: value }).success,
    ).toBe(ok);
  });

  test('Proxy_Type must be one of the spec list, spelt as the spec spells it', () => {
    for (const type of ['HTTP', 'SOCKS5', 'Luminati_HTTPS', 'noproxy']) {
      expect(
        createSessionBody.safeParse({ Automatic_Configure: 1, Proxy_Type: type }).success,
      ).toBe(true);
    }
    expect(
      createSessionBody.safeParse({ Automatic_Configure: 1, Proxy_Type: 'socks5' }).success,
    ).toBe(false);
  });

  test.each([
    [1, true],
    [65535, true],
    ['8080', true],
    [0, false],
    [65536, false],
    ['80a', false],
    [80.5, false],
  ])('Proxy_Port %j → %s', (port, ok) => {
    expect(createSessionBody.safeParse({ Automatic_Configure: 0, Proxy_Port: port }).success).toBe(
      ok,
    );
  });

  test('system fields are plain strings (the service maps unknown systems to -107)', () => {
    expect(createSessionBody.safeParse({ Automatic_Configure: 0, system: 'BeOS' }).success).toBe(
      true,
    );
    expect(createSessionBody.safeParse({ Automatic_Configure: 0, SystemOS: '' }).success).toBe(
      false,
    );
  });

  test('resolution is WIDTHxHEIGHT', () => {
    expect(
      createSessionBody.safeParse({ Automatic_Configure: 0, resolution: '303x665' }).success,
    ).toBe(true);
    expect(
      createSessionBody.safeParse({ Automatic_Configure: 0, resolution: '1920*1080' }).success,
    ).toBe(false);
  });

  test('Cookie takes a list of cookie objects or JSON text', () => {
    expect(createSessionBody.safeParse({ Automatic_Configure: 0, Cookie: '[]' }).success).toBe(
      true,
    );
    expect(
      createSessionBody.safeParse({ Automatic_Configure: 0, Cookie: [{ name: 'a', value: 'b' }] })
        .success,
    ).toBe(false);
  });
});

describe('update, adv_setting, proxy/update, share', () => {
  test('update takes Session_ID and its seven optional fields, nothing else', () => {
    expect(updateSessionBody.safeParse({ Session_ID: ID, Session_Name: 'n' }).success).toBe(true);
    expect(updateSessionBody.safeParse({ Session_Name: 'n' }).success).toBe(false);
    expect(updateSessionBody.safeParse({ Session_ID: '' }).success).toBe(false);
    expect(updateSessionBody.safeParse({ Session_ID: ID, Proxy_Ip: '1.2.3.4' }).success).toBe(
      false,
    );
  });

  test('adv_setting takes the advanced flags', () => {
    const parsed = sessionAdvSettingBody.parse({
      Session_ID: ID,
      FingerPrint_Setting: '1,1,1,1',
      Lock_Browser_windows_size: '1',
      GoogleTranslate: 0,
      StartClearCookies: 1,
      TimeZone: 'Asia/Shanghai',
      SystemOS: 'Android',
    });
    expect(parsed.Lock_Browser_windows_size).toBe(1);
    expect(sessionAdvSettingBody.safeParse({ Session_ID: ID, SOUND_SETTING: 3 }).success).toBe(
      false,
    );
  });

  test('proxy/update takes proxy, locale and static-IP fields', () => {
    expect(
      updateSessionProxyBody.safeParse({
        Session_ID: ID,
        Proxy_Type: 'HTTP',
        Proxy_Ip: 'proxy.example.com',
        Proxy_Port: 3128,
        Is_CheckProxy: '1',
        CountryCode: 'DE',
        Static_PublicIP: '203.0.113.7',
        StaticIP_Type: '1',
      }).success,
    ).toBe(true);
    expect(
      updateSessionProxyBody.safeParse({ Session_ID: ID, Static_PublicIP: '999.1.1.1' }).success,
    ).toBe(false);
  });

  test('share needs Session_ID and Share_Username', () => {
    expect(shareSessionBody.safeParse({ Session_ID: ID, Share_Username: 'bob' }).success).toBe(
      true,
    );
    expect(shareSessionBody.safeParse({ Session_ID: ID }).success).toBe(false);
  });
});

describe('listid', () => {
  test('no parameters is valid', () => {
    expect(listSessionIdsBody.safeParse({}).success).toBe(true);
  });

  test(`ListNum 1..${LIST_NUM_MAX}, CurrentPage ≥ 1`, () => {
    expect(LIST_NUM_MAX).toBe(500);
    expect(listSessionIdsBody.parse({ ListNum: 500, CurrentPage: '2' })).toEqual({
      ListNum: 500,
      CurrentPage: 2,
    });
    expect(listSessionIdsBody.safeParse({ ListNum: 501 }).success).toBe(false);
    expect(listSessionIdsBody.safeParse({ ListNum: 0 }).success).toBe(false);
    expect(listSessionIdsBody.safeParse({ ListNum: 1.5 }).success).toBe(false);
    expect(listSessionIdsBody.safeParse({ CurrentPage: 0 }).success).toBe(false);
  });

  test('filters', () => {
    expect(
      listSessionIdsBody.safeParse({
        Session_Name: 'Amazon',
        Session_GroupName: 'default',
        Session_CreateTime_Start: '2024-01-01',
        Session_UpdateTime_End: '2024-06-30 23:59:59',
        Session_Recv: 1,
        Session_Recv_Account: 'alice',
        Proxy_Type: 'noproxy',
        Session_ISPlugins: '1',
        Session_Plugins_id: 'p1',
      }).success,
    ).toBe(true);
    expect(listSessionIdsBody.safeParse({ Session_CreateTime_Start: '01/02/2024' }).success).toBe(
      false,
    );
  });
});

describe('delete', () => {
  test(`Session_ID: 1..${DELETE_MAX} ids`, () => {
    expect(DELETE_MAX).toBe(2000);
    expect(deleteSessionBody.safeParse({ Session_ID: ids(2000) }).success).toBe(true);
    expect(deleteSessionBody.safeParse({ Session_ID: ids(2001) }).success).toBe(false);
    expect(deleteSessionBody.safeParse({ Session_ID: [] }).success).toBe(false);
    expect(deleteSessionBody.safeParse({ Session_ID: [''] }).success).toBe(false);
    expect(deleteSessionBody.safeParse({ Session_ID: ID }).success).toBe(false);
  });

  test('Session_ID is required unless Is_Delete_All is 1', () => {
    expect(deleteSessionBody.safeParse({}).success).toBe(false);
    expect(deleteSessionBody.safeParse({ Is_Delete_All: 0 }).success).toBe(false);
    expect(deleteSessionBody.parse({ Is_Delete_All: '1' })).toEqual({ Is_Delete_All: 1 });
    expect(deleteSessionBody.safeParse({ Session_ID: [ID], Is_Delete_All: 0 }).success).toBe(true);
  });
});

describe('cookies, user agent, cache, container', () => {
  test('import and export need their file paths (spelt Cookie_File, Export_Cookie_File)', () => {
    expect(importCookieBody.safeParse({ Session_ID: ID, Cookie_File: 'C:\\c.json' }).success).toBe(
      true,
    );
    expect(importCookieBody.safeParse({ Session_ID: ID }).success).toBe(false);
    expect(
      exportCookieBody.safeParse({ Session_ID: ID, Export_Cookie_File: 'C:\\out.json' }).success,
    ).toBe(true);
    expect(
      exportCookieBody.safeParse({ Session_ID: ID, Cookie_File: 'C:\\out.json' }).success,
    ).toBe(false);
  });

  test('random-user-agent', () => {
    expect(
      randomUserAgentBody.parse({ SYSTEM: 'Android', MobileModel: 'Pixel 7', Version: '106' }),
    ).toEqual({ SYSTEM: 'Android', MobileModel: 'Pixel 7', Version: 106 });
    expect(randomUserAgentBody.safeParse({}).success).toBe(false);
    // Any integer passes the schema: the service answers one outside 95–106 with -109.
    expect(randomUserAgentBody.parse({ SYSTEM: 'Windows', Version: 50 }).Version).toBe(50);
    expect(randomUserAgentBody.safeParse({ SYSTEM: 'Windows', Version: 'new' }).success).toBe(
      false,
    );
  });

  test('BrowserCache-clean', () => {
    expect(
      cleanBrowserCacheBody.parse({ Session_ID: [ID], Is_Clean_Cookies: '1' }).Is_Clean_Cookies,
    ).toBe(1);
    expect(cleanBrowserCacheBody.safeParse({ Session_ID: [] }).success).toBe(false);
  });

  test('id_container takes one id or an array, handed on as an array', () => {
    expect(sessionContainerBody.parse({ Session_ID: ID }).Session_ID).toEqual([ID]);
    expect(sessionContainerBody.parse({ Session_ID: [ID], Session_container_type: '3' })).toEqual({
      Session_ID: [ID],
      Session_container_type: 3,
    });
    expect(
      sessionContainerBody.safeParse({ Session_ID: ID, Session_container_type: 4 }).success,
    ).toBe(false);
    expect(sessionContainerBody.safeParse({ Session_ID: ids(STATUS_QUERY_MAX + 1) }).success).toBe(
      false,
    );
  });
});

describe('ENVIRONMENT_FIELD_CODES', () => {
  const C = EnvironmentFieldCodes.code;

  test('maps the fields to the create/update codes', () => {
    expect(ENVIRONMENT_FIELD_CODES.Session_Name).toBe(-101);
    expect(ENVIRONMENT_FIELD_CODES.Session_Desc).toBe(-102);
    expect(ENVIRONMENT_FIELD_CODES.Session_Group).toBe(C.GROUP_NOT_FOUND);
    expect(ENVIRONMENT_FIELD_CODES.Proxy_Port).toBe(-104);
    expect(ENVIRONMENT_FIELD_CODES.SystemOS).toBe(-107);
    expect(ENVIRONMENT_FIELD_CODES.system).toBe(-107);
    expect(ENVIRONMENT_FIELD_CODES.resolution).toBe(-108);
    expect(ENVIRONMENT_FIELD_CODES.User_Agent).toBe(-109);
    expect(ENVIRONMENT_FIELD_CODES.LanguageCode).toBe(-110);
    expect(ENVIRONMENT_FIELD_CODES.FingerPrint_Setting).toBe(-111);
    expect(ENVIRONMENT_FIELD_CODES.Cookie).toBe(-112);
  });

  test('every advanced flag maps to -111 and every code is a EnvironmentFieldCodes code', () => {
    for (const name of Object.keys(advancedFlagFields)) {
      expect(ENVIRONMENT_FIELD_CODES[name]).toBe(C.FINGERPRINT_SETTING_INVALID);
    }
    for (const code of Object.values(ENVIRONMENT_FIELD_CODES)) {
      expect(EnvironmentFieldCodes.get(code)).toBeDefined();
    }
  });

  test('every mapped field is a field of create', () => {
    for (const name of Object.keys(ENVIRONMENT_FIELD_CODES)) {
      expect(Object.keys(createSessionBody.shape)).toContain(name);
    }
  });
});
