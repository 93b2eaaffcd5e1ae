import { describe, expect, test } from 'vitest';
import {
  createSessionBody,
  sessionAdvSettingBody,
  updateSessionBody,
  updateSessionProxyBody,
} from '@hainiao/contract';
import {
  emptyValues,
  formFieldOf,
  fromContainer,
  proxyCheckBody,
  proxyCheckSchema,
  toCreateBody,
  toEditCalls,
  withDefaults,
  type FormValues,
} from './mapping.ts';

/** An environment as id_container (type 1) answers it (apps/local-api adapters/v1/views.ts). */
const container = {
  Session_ID: 'e1',
  Session_Name: 'Amazon US 01',
  Session_Desc: 'seller',
  Group_Name: 'Amazon',
  SystemOS: 'Windows',
  Proxy_Type: 'HTTP',
  Proxy_Ip: '127.0.0.1',
  Session_Actived: 0,
  status: 0,
  Session_Group: 'Amazon',
  User_Agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/106.0.0.0 Safari/537.36',
  Automatic_Configure: 1,
  MobileModel: '',
  resolution: '1920x1080',
  FingerPrint_Setting: '1,0,1,1',
  FingerPrint_Noise: 0,
  Lock_Browser_windows_size: 0,
  Disable_video: 0,
  Disable_img: 1,
  ImageInvisible: 0,
  AUTOPLAY_SETTING: 1,
  SOUND_SETTING: 1,
  GoogleTranslate: 0,
  SavePasswordPop: 0,
  Notification: 0,
  CLIPBOARD_READ_WRITE: 0,
  NetError_StopChrome: 1,
  fakedevice_forCamera: 0,
  Exit_ClearChrome: 0,
  restore_on_startup: 0,
  Exit_SaveCookie: 1,
  forcembpoint: 0,
  StartClearCache: 0,
  StartClearCookies: 0,
  StartClearHistory: 0,
  Static_PublicIP: '',
  Static_PrivateIP: '',
  TimeZone: 'Europe/Berlin',
  CountryCode: 'DE',
  CityCode: '',
  RegionCode: '',
  LanguageCode: 'de',
  Geolocation_Setting: 0,
  Geolocation_Latitude: '',
  Geolocation_Longitude: '',
  Geolocation_Accuracy: 50,
  Proxy_Port: 8080,
  Proxy_Username: 'puser',
  Proxy_Password: 'ppass',
  Is_CheckProxy: 0,
  StaticIP_Type: 0,
  Cookie: [],
  HomePage_url: ['https://www.amazon.com/'],
  Session_Args: [],
  Session_Headless: 0,
};

const filled = (): FormValues => ({
  ...emptyValues(),
  Session_Name: '  Shop 01 ',
  Session_Group: 'Amazon',
  SystemOS: 'Android',
  MobileModel: 'Pixel 7',
  Proxy_Type: 'SOCKS5',
  Proxy_Ip: '127.0.0.1',
  Proxy_Port: 1080,
  Proxy_Username: 'suser',
  Proxy_Password: 'spass',
  Automatic_Configure: true,
  HomePage_url: ['https://example.com/', ' '],
  Geolocation_Latitude: 40.7,
  Geolocation_Longitude: -74,
});

describe('create', () => {
  test('a new environment’s body passes the contract’s schema and says what the form shows', () => {
    const body = toCreateBody(filled());
    expect(createSessionBody.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      Automatic_Configure: 1,
      Session_Name: 'Shop 01',
      MobileModel: 'Pixel 7',
      Proxy_Type: 'SOCKS5',
      Proxy_Port: 1080,
      Is_CheckProxy: 1,
      FingerPrint_Setting: '1,1,1,1',
      AUTOPLAY_SETTING: 1,
      Exit_SaveCookie: 1,
      GoogleTranslate: 0,
      HomePage_url: ['https://example.com/'],
      Geolocation_Latitude: 40.7,
    });
    // Unset texts are the service's to choose.
    expect(body).not.toHaveProperty('resolution');
    expect(body).not.toHaveProperty('User_Agent');
    expect(body).not.toHaveProperty('TimeZone');
  });

  test('no proxy sends the type only; a desktop system sends no model; lone coordinates are not sent', () => {
    const body = toCreateBody({
      ...emptyValues(),
      SystemOS: 'Windows',
      MobileModel: 'left over',
      Geolocation_Latitude: 10,
    });
    expect(createSessionBody.safeParse(body).success).toBe(true);
    expect(body.Proxy_Type).toBe('noproxy');
    expect(body).not.toHaveProperty('Proxy_Ip');
    expect(body).not.toHaveProperty('Is_CheckProxy');
    expect(body).not.toHaveProperty('MobileModel');
    expect(body).not.toHaveProperty('Geolocation_Latitude');
  });
});

describe('edit', () => {
  test('an environment read back and saved unchanged makes no call', () => {
    const values = fromContainer(container);
    expect(values).toMatchObject({
      Session_Group: 'Amazon',
      Automatic_Configure: true,
      Proxy_Port: 8080,
      fingerprint: [true, false, true, true],
      Disable_img: true,
      Geolocation_Latitude: null,
      HomePage_url: ['https://www.amazon.com/'],
    });
    expect(toEditCalls('e1', values, structuredClone(values))).toEqual({});
  });

  test('each changed field goes to the call it belongs to, and only it', () => {
    const before = fromContainer(container);
    const after = structuredClone(before);
    after.Session_Name = 'Renamed';
    after.flags.GoogleTranslate = true;
    after.fingerprint = [true, true, true, true];
    after.TimeZone = 'Asia/Tokyo';
    const calls = toEditCalls('e1', before, after);
    expect(calls).toEqual({
      update: { Session_ID: 'e1', Session_Name: 'Renamed' },
      adv: { Session_ID: 'e1', GoogleTranslate: 1, FingerPrint_Setting: '1,1,1,1' },
      proxy: { Session_ID: 'e1', TimeZone: 'Asia/Tokyo' },
    });
    expect(updateSessionBody.safeParse(calls.update).success).toBe(true);
    expect(sessionAdvSettingBody.safeParse(calls.adv).success).toBe(true);
    expect(updateSessionProxyBody.safeParse(calls.proxy).success).toBe(true);
  });

  test('a changed password sends the whole proxy; no proxy drops its fields; emptied start pages are sent', () => {
    const before = fromContainer(container);
    const password = { ...structuredClone(before), Proxy_Password: 'new' };
    expect(toEditCalls('e1', before, password).proxy).toEqual({
      Session_ID: 'e1',
      Proxy_Type: 'HTTP',
      Proxy_Ip: '127.0.0.1',
      Proxy_Port: 8080,
      Proxy_Username: 'puser',
      Proxy_Password: 'new',
    });
    const none = {
      ...structuredClone(before),
      Proxy_Type: 'noproxy' as const,
      Automatic_Configure: false,
      HomePage_url: [],
    };
    const calls = toEditCalls('e1', before, none);
    expect(calls.proxy).toEqual({
      Session_ID: 'e1',
      Automatic_Configure: 0,
      Proxy_Type: 'noproxy',
    });
    expect(calls.update).toEqual({ Session_ID: 'e1', HomePage_url: [] });
    expect(updateSessionBody.safeParse(calls.update).success).toBe(true);
  });

  test('the proxy check sends the proxy alone, and the edited environment when there is one', () => {
    const values = fromContainer(container);
    const proxy = {
      Proxy_Type: 'HTTP',
      Proxy_Ip: '127.0.0.1',
      Proxy_Port: 8080,
      Proxy_Username: 'puser',
      Proxy_Password: 'ppass',
    };
    expect(proxyCheckBody(values, 'e1')).toEqual({ ...proxy, Session_ID: 'e1' });
    expect(proxyCheckBody(values)).toEqual(proxy);
    // The contract's proxy fields accept it (the service validates with the same pieces).
    expect(proxyCheckSchema.safeParse({ ...proxy, Session_ID: 'e1' }).success).toBe(true);
    expect(proxyCheckSchema.safeParse({ ...proxy, Proxy_Port: 0 }).success).toBe(false);
  });

  test('a field named by the service finds its place in the form', () => {
    expect(formFieldOf('Session_Name')).toBe('Session_Name');
    expect(formFieldOf('GoogleTranslate')).toBe('flags.GoogleTranslate');
    expect(formFieldOf('Group_Name')).toBe('Session_Group');
    expect(formFieldOf('Session_ID')).toBeUndefined();
  });
});

describe('the form’s store', () => {
  test('cleared selects and half-filled lists read as the defaults', () => {
    const values = withDefaults({
      Session_Group: undefined,
      TimeZone: null as unknown as string,
      Proxy_Port: null,
      flags: { GoogleTranslate: true } as FormValues['flags'],
      HomePage_url: ['https://a.example/', undefined as unknown as string],
    });
    expect(values.Session_Group).toBe('');
    expect(values.TimeZone).toBe('');
    expect(values.Proxy_Port).toBeNull();
    expect(values.flags.GoogleTranslate).toBe(true);
    expect(values.flags.SOUND_SETTING).toBe(true);
    expect(values.HomePage_url).toEqual(['https://a.example/', '']);
    expect(createSessionBody.safeParse(toCreateBody(values)).success).toBe(true);
  });
});
