/**
 * An example request and answer for every call of the local API. The requests are checked against
 * the request schemas and the answers against the answer schemas of LOCAL_API_ROUTES (docs.test.ts),
 * which the service checks its own answers against outside production; the generated Postman
 * collection runs them, in order, against a real service (with the sample values below swapped for
 * collection variables), whose tests check the data keys those schemas require. So the examples
 * cannot drift from the service.
 */
import type { LocalApiMessageKey } from '../messages/local-api.ts';
import { SAMPLE_SESSION_ID } from '../schemas/local-api/session.ts';
import { SAMPLE_PROXY_ID, SAVED_PROXY_PASSWORD_MASK } from '../schemas/local-api/proxy-library.ts';
import type { LocalApiPath } from '../schemas/routes.ts';

/** Sample values, each replaced by a Postman variable in the collection. */
export const DOC_SAMPLES = {
  account: 'alice',
  appId: 'a1b2c3d4e5f6',
  appKey: '9f8e7d6c5b4a39281706f5e4d3c2b1a0',
  sessionId: SAMPLE_SESSION_ID,
  otherSessionId: 'd8ba82cef43012717f1197b97a6aac67',
  groupName: 'Amazon',
  shareUsername: 'bob',
  cookieFile: 'C:\\cookies\\shop01.json',
  /** "Scroll to bottom" of the demo script library. */
  scriptId: '30fa4bf10e1728fa',
  otherScriptId: 'dc8c69510f45c650',
  /** "Dark Mode Lite" of the demo plugin library. */
  pluginId: 'acflookenfdpchcnpoehpknoaomnioac',
  /** A saved proxy of the proxy library. */
  proxyId: SAMPLE_PROXY_ID,
} as const;

const S = DOC_SAMPLES;

/** An example answer: the message (by catalogue key, so it shows in either language) and data. */
export interface AnswerExample {
  readonly message: LocalApiMessageKey;
  readonly code?: number;
  readonly data: unknown;
  /** Fields beside msg/status/data (the legacy envelope of /members). */
  readonly extra?: Readonly<Record<string, unknown>>;
}

export interface CallExample {
  readonly request: Readonly<Record<string, unknown>>;
  readonly answer: AnswerExample;
}

const running = {
  Session_Actived: 1,
  Session_ProcessID: 14236,
  Session_StartTime: '2026-01-05 10:21:07',
  Session_Args: ['--window-size=1280,800'],
  isHeadless: 0,
  browser_CDP_Port: 52117,
  browser_Path: 'C:\\Program Files\\Hainiao\\core\\106\\chrome.exe',
  webdriver: 'C:\\Program Files\\Hainiao\\core\\106\\chromedriver.exe',
  MBData_Path: `C:\\Users\\alice\\.hainiao\\sessions\\${S.sessionId}`,
  core: '106.0.5249.119',
  Public_ip: '203.0.113.10',
  Internel_ip: '192.168.1.23',
  isDynamicIp: 0,
  proxyType: 'SOCKS5',
  proxy_ip: '203.0.113.10',
  proxy_port: 1080,
  StartPage: 'https://www.amazon.com',
  Plugins_Count: 1,
  Plugin_Id: [S.pluginId],
  Actived_script_id: S.scriptId,
  Actived_script_name: 'Scroll to bottom',
  template_id: '',
  template_name: '',
  TimeZone: 'America/New_York',
  LanguageCode: 'en-US',
  User_Agent:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/106.0.0.0 Safari/537.36',
  Fingerprint_PageOnly: [],
  Fingerprint_Summary: {
    SystemOS: 'Windows',
    User_Agent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/106.0.0.0 Safari/537.36',
    Screen: '1920x1080',
    Window: '1920x1040',
    TimeZone: 'America/New_York',
    LanguageCode: 'en-US',
    Public_ip: '203.0.113.10',
    CountryCode: 'US',
    Warnings: [],
  },
};

/** A saved proxy as the proxy library answers it (its password masked), checked once. */
const savedProxy = {
  Proxy_ID: S.proxyId,
  Name: 'US residential 1',
  Proxy_Type: 'SOCKS5',
  Proxy_Ip: '203.0.113.10',
  Proxy_Port: 1080,
  Proxy_Username: 'user01',
  Proxy_Password: SAVED_PROXY_PASSWORD_MASK,
  Note: 'Renews on the 1st',
  Session_Count: 1,
  Create_Time: '2026-01-05 10:18:02',
  Update_Time: '2026-01-05 10:18:02',
  Check_Status: 'ok',
  Check_Time: '2026-01-05 10:20:31',
  Public_ip: '203.0.113.10',
  CountryCode: 'US',
  Latency_ms: 182,
  Proxy_Check_Code: 0,
  Proxy_Check_Name: '',
  Check_Message: '',
};

/** The same, not checked yet (or changed since its last check). */
const uncheckedProxy = {
  Check_Status: 'unchecked',
  Check_Time: '',
  Public_ip: '',
  CountryCode: '',
  Latency_ms: 0,
};

const installedPlugin = {
  Plugin_Id: S.pluginId,
  Plugin_Name: 'Dark Mode Lite',
  Plugin_Ver: '1.1.0',
};

export const CALL_EXAMPLES: Readonly<Record<LocalApiPath, CallExample>> = {
  '/login': {
    request: { Account: S.account, APP_ID: S.appId, APP_KEY: S.appKey },
    answer: {
      message: 'loginSuccess',
      data: {
        Account: S.account,
        type: 0,
        account_reg_date: '2026-01-05',
        account_expire_date: '2027-01-05',
      },
    },
  },
  '/members': {
    request: { Account: S.account },
    answer: {
      message: 'membersSuccess',
      data: `${S.account},0`,
      extra: { account_expire_date: '2027-01-05', account_reg_date: '2026-01-05' },
    },
  },
  '/api/v1/team/list': {
    request: {},
    answer: {
      message: 'teamListSuccess',
      data: {
        self: S.account,
        type: 0,
        main: S.account,
        quota: 2,
        held: 1,
        members: [
          {
            Account: S.account,
            type: 0,
            online: true,
            credentials: 1,
            account_reg_date: '2026-01-05',
            account_expire_date: '2027-01-05',
          },
          {
            Account: S.shareUsername,
            type: 1,
            online: false,
            credentials: 0,
            account_reg_date: '2026-01-12',
            account_expire_date: '2027-01-05',
          },
        ],
      },
    },
  },
  '/api/v1/quit': { request: {}, answer: { message: 'quit', data: true } },

  '/api/v1/session/listid': {
    request: { Session_GroupName: S.groupName, CurrentPage: 1, ListNum: 50 },
    answer: {
      message: 'sessionListSuccess',
      data: { listid: [S.sessionId], total: 1, CurrentPage: 1, ListNum: 50 },
    },
  },
  '/api/v1/session/id_container': {
    request: { Session_ID: [S.sessionId], Session_container_type: 2 },
    answer: {
      message: 'sessionInfoSuccess',
      data: {
        listcontainer: [
          {
            Session_ID: S.sessionId,
            Session_Name: 'Amazon US store 01',
            Session_Desc: 'Seller account, US proxy',
            Group_Name: S.groupName,
            SystemOS: 'Windows',
            Proxy_Type: 'SOCKS5',
            Proxy_Ip: '203.0.113.10',
            Session_Actived: 0,
            Session_CreateTime: '2026-01-05 10:15:42',
            Session_UpdateTime: '2026-01-05 10:15:42',
            Session_Recv: 0,
            Session_Owner: S.account,
            Session_Tags: ['US'],
            status: 0,
          },
        ],
        total: 1,
      },
    },
  },
  '/api/v1/session/create': {
    request: {
      Automatic_Configure: 0,
      Session_Name: 'Amazon US store 01',
      Session_Desc: 'Seller account, US proxy',
      Session_Group: S.groupName,
      SystemOS: 'Windows',
      resolution: '1920x1080',
      HomePage_url: ['https://www.amazon.com'],
      Cookie: [
        { name: 'session-id', value: '135-0000000-0000000', domain: '.amazon.com', path: '/' },
      ],
      Proxy_Type: 'SOCKS5',
      Proxy_Ip: '203.0.113.10',
      Proxy_Port: 1080,
      Proxy_Username: 'user01',
      Proxy_Password: 'secret',
      TimeZone: 'America/New_York',
      CountryCode: 'US',
      LanguageCode: 'en-US',
    },
    answer: {
      message: 'sessionCreateSuccess',
      data: { Session_Id: S.sessionId, Fingerprint_PageOnly: [] },
    },
  },
  '/api/v1/session/update': {
    request: {
      Session_ID: S.sessionId,
      Session_Name: 'Amazon US store 01',
      Session_Desc: 'Main seller account',
      Disable_video: 1,
    },
    answer: { message: 'updateSuccess', data: { Session_Id: S.sessionId } },
  },
  '/api/v1/session/adv_setting': {
    request: {
      Session_ID: S.sessionId,
      FingerPrint_Setting: '1,1,1,1',
      Lock_Browser_windows_size: 1,
      GoogleTranslate: 0,
      Notification: 0,
      Exit_SaveCookie: 1,
      TimeZone: 'America/Chicago',
      LanguageCode: 'en-US',
      Geolocation_Setting: 1,
      Geolocation_Latitude: 41.8781,
      Geolocation_Longitude: -87.6298,
    },
    answer: { message: 'advSettingSuccess', data: { Session_Id: S.sessionId } },
  },
  '/api/v1/session/proxy/update': {
    request: {
      Session_ID: S.sessionId,
      Proxy_Type: 'HTTP',
      Proxy_Ip: '203.0.113.20',
      Proxy_Port: 8080,
      Proxy_Username: 'user02',
      Proxy_Password: 'secret2',
      Is_CheckProxy: 0,
      TimeZone: 'America/Los_Angeles',
      CountryCode: 'US',
      LanguageCode: 'en-US',
    },
    answer: { message: 'proxyUpdateSuccess', data: { Session_Id: S.sessionId } },
  },
  '/api/v1/session/share': {
    request: { Session_ID: S.sessionId, Share_Username: S.shareUsername },
    answer: {
      message: 'shareSuccess',
      data: { Session_Id: S.sessionId, Share_Username: S.shareUsername },
    },
  },
  '/api/v1/session/unshare': {
    request: { Session_ID: S.sessionId, Share_Username: S.shareUsername },
    answer: {
      message: 'unshareSuccess',
      data: { Session_Id: S.sessionId, Share_Username: S.shareUsername },
    },
  },
  '/api/v1/session/delete': {
    request: { Session_ID: [S.sessionId] },
    answer: {
      message: 'sessionDeleteFinished',
      data: { Delete_Session_Success: [S.sessionId], Delete_Session_Failed: [] },
    },
  },
  '/api/v1/session/import-cookie': {
    request: { Session_ID: S.sessionId, Cookie_File: S.cookieFile },
    answer: {
      message: 'importCookieSuccess',
      data: { Session_ID: S.sessionId, Cookie_Count: 1, Cookie_Total: 1 },
    },
  },
  '/api/v1/session/export-cookie': {
    request: { Session_ID: S.sessionId, Export_Cookie_File: S.cookieFile },
    answer: {
      message: 'exportCookieSuccess',
      data: { Session_ID: S.sessionId, Export_Cookie_File: S.cookieFile, Cookie_Count: 1 },
    },
  },
  '/api/v1/session/random-user-agent': {
    request: { SYSTEM: 'Windows', Version: 106 },
    answer: {
      message: 'randomUserAgentSuccess',
      data: {
        User_Agent:
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/106.0.0.0 Safari/537.36',
        SYSTEM: 'Windows',
        Version: 106,
        MobileModel: '',
      },
    },
  },
  '/api/v1/session/BrowserCache-clean': {
    request: { Session_ID: [S.sessionId], Is_Clean_Cookies: 0 },
    answer: {
      message: 'cleanCacheFinished',
      data: { Clean_SessionID_Success: [S.sessionId], Clean_SessionID_Failed: [] },
    },
  },
  '/api/v1/session/auto_open/list': {
    request: { Session_ID: [S.sessionId] },
    answer: {
      message: 'autoOpenListSuccess',
      data: {
        listcontainer: [
          {
            Session_ID: S.sessionId,
            Session_Name: 'Amazon US store 01',
            Group_Name: S.groupName,
            OpenUrl_Count: 2,
            StartPage1: '1-https://www.amazon.com',
            StartPage2: '1-https://sellercentral.amazon.com',
            status: 0,
          },
        ],
        total: 1,
      },
    },
  },
  '/api/v1/session/auto_open/add': {
    request: { Session_ID: [S.sessionId], StartPage: 'https://sellercentral.amazon.com' },
    answer: { message: 'autoOpenAddSuccess', data: { listid: [S.sessionId], total: 1 } },
  },
  '/api/v1/session/auto_open/update': {
    request: {
      Session_ID: [S.sessionId],
      OldStartPage: 'https://sellercentral.amazon.com',
      NewStartPage: 'https://advertising.amazon.com',
    },
    answer: { message: 'autoOpenUpdateSuccess', data: { listid: [S.sessionId], total: 1 } },
  },
  '/api/v1/session/auto_open/delete': {
    request: { Session_ID: [S.sessionId], StartPage: 'https://advertising.amazon.com' },
    answer: { message: 'autoOpenDeleteSuccess', data: { listid: [S.sessionId], total: 1 } },
  },

  '/api/v1/session/self_check': {
    request: { Session_ID: S.sessionId },
    answer: {
      message: 'selfCheckFinished',
      data: {
        Session_ID: S.sessionId,
        score: 90,
        started: 0,
        findings: [
          {
            id: 'user-agent',
            severity: 'high',
            ok: true,
            title: 'User agent, platform and client hints',
            detail:
              'The page, the iframe and all three kinds of worker present the same user agent (Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/106.0.0.0 Safari/537.36), platform and client hints, as the environment says.',
            fix: 'Nothing to change.',
          },
          {
            id: 'timezone',
            severity: 'medium',
            ok: false,
            title: 'Time zone and IP location',
            detail:
              'The clock says America/Chicago but the exit IP is in America/New_York (United States): sites compare the two.',
            fix: 'Set Automatic_Configure 1 so that the time zone follows the exit, or TimeZone America/New_York (adv_setting or proxy/update).',
          },
        ],
      },
    },
  },

  '/api/v1/browser/status': {
    request: { Session_ID: [S.sessionId], Actived_Type: 0 },
    answer: {
      message: 'browserStatusSuccess',
      data: {
        listcontainer: [
          {
            Session_ID: S.sessionId,
            Session_Name: 'Amazon US store 01',
            Group_Name: S.groupName,
            status: 0,
            ...running,
          },
        ],
        total: 1,
      },
    },
  },
  '/api/v1/browser/start': {
    request: {
      Session_ID: [S.sessionId],
      isHeadless: 0,
      args: ['--window-size=1280,800'],
      Start_Interval: 0,
    },
    answer: {
      message: 'browserStartFinished',
      data: { listid: [{ Session_ID: S.sessionId, status: 0, ...running }], total: 1 },
    },
  },
  '/api/v1/browser/stop': {
    request: { Session_ID: [S.sessionId] },
    answer: {
      message: 'browserStopFinished',
      data: { listid: [{ Session_ID: S.sessionId, status: 0 }], total: 1 },
    },
  },
  '/api/v1/browser/kill': {
    request: { Session_ID: [S.sessionId] },
    answer: {
      message: 'browserKillFinished',
      data: { listid: [{ Session_ID: S.sessionId, status: 0 }], total: 1 },
    },
  },

  '/api/v1/script/list': {
    request: {},
    answer: {
      message: 'scriptLibrarySuccess',
      data: {
        Script_list: [
          {
            Script_ID: S.scriptId,
            Script_Name: 'Scroll to bottom',
            Script_Ver: '1.0.0',
            Script_Desc:
              'Scrolls the page down step by step until no more content loads (infinite lists, lazy images).',
            Script_Size: 898,
          },
        ],
        Scripts_Count: 1,
      },
    },
  },
  '/api/v1/session/id_script_list': {
    request: { Session_ID: S.sessionId },
    answer: {
      message: 'scriptListSuccess',
      data: {
        Session_ID: S.sessionId,
        Script_ID: S.scriptId,
        Actived_script_id: S.scriptId,
        Actived_script_name: 'Scroll to bottom',
        Actived_script_encode: 'Ly8gU2Nyb2xsIHRvIGJvdHRvbQo=',
        Script_Count: 2,
        UnActived_script_list: [
          {
            UnActived_script_ID: S.otherScriptId,
            UnActived_script_Name: 'Accept cookie banners',
            UnActived_script_encode: 'Ly8gQWNjZXB0IGNvb2tpZSBiYW5uZXJzCg==',
          },
        ],
      },
    },
  },
  '/api/v1/session/id_script_active': {
    request: { Session_ID: S.sessionId, Script_ID: S.scriptId },
    answer: {
      message: 'scriptActiveSuccess',
      data: { Session_ID: S.sessionId, Script_ID: S.scriptId },
    },
  },
  '/api/v1/session/id_script_add': {
    request: { Session_ID: S.sessionId, Script_ID: [S.scriptId] },
    answer: {
      message: 'scriptAddSuccess',
      data: { Session_ID: S.sessionId, Script_ID: [S.scriptId], Script_Count: 1 },
    },
  },
  '/api/v1/session/id_script_Deactivate': {
    request: { Session_ID: S.sessionId },
    answer: {
      message: 'scriptDeactivateSuccess',
      data: { Session_ID: S.sessionId, Script_ID: S.scriptId },
    },
  },
  '/api/v1/session/id_script_Delete': {
    request: { Session_ID: S.sessionId, Script_ID: [S.scriptId] },
    answer: {
      message: 'scriptDeleteSuccess',
      data: { Session_ID: S.sessionId, Script_ID: [S.scriptId], Script_Count: 0 },
    },
  },

  '/api/v1/session/tags': {
    request: { Session_ID: [S.sessionId], Add_Tags: ['US'], Remove_Tags: ['new'] },
    answer: { message: 'sessionTagsSuccess', data: { Session_Tags: { [S.sessionId]: ['US'] } } },
  },
  '/api/v1/session/tag/list': {
    request: {},
    answer: { message: 'tagListSuccess', data: { Tag_List: [{ Tag: 'US', Count: 1 }] } },
  },
  '/api/v1/session/clone': {
    request: { Session_ID: S.sessionId, Clone_Count: 1 },
    answer: {
      message: 'sessionCloneSuccess',
      data: { Session_Clones: [{ Session_Id: S.otherSessionId, Session_Name: 'Shop 1 (copy)' }] },
    },
  },
  '/api/v1/session/trash/list': {
    request: {},
    answer: {
      message: 'trashListSuccess',
      data: {
        Trash_List: [
          {
            Session_ID: S.sessionId,
            Session_Name: 'Shop 1',
            Session_Group: S.groupName,
            Deleted_Time: '2026-11-20 09:30:00',
            Purge_Time: '2026-11-27 09:30:00',
          },
        ],
        total: 1,
      },
    },
  },
  '/api/v1/session/trash/restore': {
    request: { Session_ID: [S.sessionId] },
    answer: { message: 'trashRestoreSuccess', data: { Restored_Session_ID: [S.sessionId] } },
  },
  '/api/v1/session/trash/delete': {
    request: { Session_ID: [S.sessionId] },
    answer: { message: 'trashDeleteSuccess', data: { Deleted_Session_ID: [S.sessionId] } },
  },
  '/api/v1/group/list': {
    request: {},
    answer: { message: 'groupListSuccess', data: { Group_Name_List: ['default', S.groupName] } },
  },
  '/api/v1/group/create': {
    request: { Group_Name: S.groupName },
    answer: { message: 'groupCreateSuccess', data: { Group_Name: S.groupName } },
  },
  '/api/v1/group/update': {
    request: { Group_Name: S.groupName, New_Group_Name: `${S.groupName} US` },
    answer: {
      message: 'groupUpdateSuccess',
      data: { Group_Name: S.groupName, New_Group_Name: `${S.groupName} US` },
    },
  },
  '/api/v1/group/del': {
    request: { Group_Name: [S.groupName] },
    answer: { message: 'groupDeleteSuccess', data: { Group_Name: [S.groupName] } },
  },
  '/api/v1/group/move_session': {
    request: {
      Session_ID: [S.sessionId],
      Orgin_Group_Name: S.groupName,
      Target_Group_Name: 'default',
    },
    answer: {
      message: 'sessionMoveSuccess',
      data: { Session_ID: [S.sessionId], Target_Group_Name: 'default' },
    },
  },

  '/api/v1/plugin/list': {
    request: {},
    answer: {
      message: 'pluginListSuccess',
      data: {
        Plugin_list: [
          {
            ...installedPlugin,
            Plugin_Desc:
              'Turns any page dark with one click on the toolbar button; images and videos keep their colours.',
            Plugin_Ver_List: ['1.1.0', '1.0.0'],
          },
        ],
        Plugins_Count: 1,
      },
    },
  },
  '/api/v1/session/id_plugin_list': {
    request: { Session_ID: S.sessionId },
    answer: {
      message: 'pluginListSuccess',
      data: { Session_ID: S.sessionId, Plugin_list: [installedPlugin], Plugins_Count: 1 },
    },
  },
  '/api/v1/session/plugin_install': {
    request: { Session_ID: S.sessionId, Plugin_ID: [S.pluginId] },
    answer: {
      message: 'pluginInstallSuccess',
      data: { Session_ID: S.sessionId, Plugin_list: [installedPlugin], Plugins_Count: 1 },
    },
  },
  '/api/v1/session/plugin_delete': {
    request: { Session_ID: S.sessionId, Plugin_ID: [S.pluginId] },
    answer: {
      message: 'pluginDeleteSuccess',
      data: { Session_ID: S.sessionId, Plugin_list: [], Plugins_Count: 0 },
    },
  },

  '/manager/proxies/list': {
    request: {},
    answer: { message: 'savedProxyListSuccess', data: { Proxies: [savedProxy] } },
  },
  '/manager/proxies/get': {
    request: { Proxy_ID: S.proxyId },
    answer: {
      message: 'savedProxyGetSuccess',
      data: { ...savedProxy, Proxy_Password: 'secret' },
    },
  },
  '/manager/proxies/create': {
    request: {
      Proxies: [
        {
          Name: savedProxy.Name,
          Proxy_Type: savedProxy.Proxy_Type,
          Proxy_Ip: savedProxy.Proxy_Ip,
          Proxy_Port: savedProxy.Proxy_Port,
          Proxy_Username: savedProxy.Proxy_Username,
          Proxy_Password: 'secret',
          Note: savedProxy.Note,
        },
      ],
    },
    answer: {
      message: 'savedProxyCreateSuccess',
      data: { Proxies: [{ ...savedProxy, ...uncheckedProxy, Session_Count: 0 }] },
    },
  },
  '/manager/proxies/update': {
    request: { Proxy_ID: S.proxyId, Proxy_Password: 'new-secret' },
    answer: {
      message: 'savedProxyUpdateSuccess',
      data: { ...savedProxy, ...uncheckedProxy, Session_ID: [S.sessionId] },
    },
  },
  '/manager/proxies/delete': {
    request: { Proxy_ID: [S.proxyId] },
    answer: { message: 'savedProxyDeleteSuccess', data: { Proxy_ID: [S.proxyId] } },
  },
  '/manager/proxies/check': {
    request: { Proxy_ID: [S.proxyId] },
    answer: { message: 'savedProxyCheckFinished', data: { Proxies: [savedProxy] } },
  },
  '/manager/proxies/exits': {
    request: { Session_ID: [S.sessionId] },
    answer: {
      message: 'sessionExitsSuccess',
      data: {
        Session_Exits: [
          {
            Session_ID: S.sessionId,
            Proxy_ID: S.proxyId,
            Proxy_Name: savedProxy.Name,
            Public_ip: '203.0.113.10',
            CountryCode: 'US',
            Exit_Time: '2026-01-05 10:20:31',
            Exit_From: 'check',
          },
        ],
      },
    },
  },
};
