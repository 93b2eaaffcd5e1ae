/**
 * Geolocation and WebRTC without a browser: which coordinates pages get (manual ones win over the
 * proxy exit's), the permission and WebRTC preferences a start writes, and the settings as the
 * calls spell them. runtime/geolocation.test.ts and runtime/webrtc.test.ts prove them in Chromium.
 */
import { describe, expect, test } from 'vitest';
import { LocalApiError } from '../../http/envelope.ts';
import { DEFAULT_SETTINGS, type EnvironmentSettings } from '../../model/settings.ts';
import { settingsFromWire, toWireSettings } from '../../adapters/v1/wire-settings.ts';
import { geolocationOf } from '../devtools/instrument.ts';
import { settingPreferences } from '../profile/profile.ts';

const settings = (changes: Partial<EnvironmentSettings> = {}): EnvironmentSettings => ({
  ...DEFAULT_SETTINGS,
  ...changes,
});
const exit = { ip: '203.0.113.9', country: 'DE', timezone: '', language: '' };
const located = { ...exit, latitude: 52.52, longitude: 13.4 };

describe('the coordinates pages get', () => {
  test("manual coordinates win over the exit's, with the environment's accuracy", () => {
    const manual = settings({
      geolocationLatitude: 35.6895,
      geolocationLongitude: 139.6917,
      geolocationAccuracy: 25,
    });
    expect(geolocationOf(manual, located)).toEqual({
      latitude: 35.6895,
      longitude: 139.6917,
      accuracy: 25,
    });
    expect(geolocationOf(manual, undefined)).toMatchObject({ latitude: 35.6895 });
  });

  test("the exit's when there are none, else the engine's own (no override)", () => {
    expect(geolocationOf(settings(), located)).toEqual({
      latitude: 52.52,
      longitude: 13.4,
      accuracy: 50,
    });
    expect(geolocationOf(settings(), exit)).toBeUndefined();
    expect(geolocationOf(settings(), undefined)).toBeUndefined();
  });
});

describe('the preferences of a start', () => {
  const prefs = (changes: Partial<EnvironmentSettings>) =>
    settingPreferences(settings(changes), 'en-US,en') as {
      profile: {
        default_content_setting_values: Record<string, number>;
        content_settings?: unknown;
      };
      webrtc: Record<string, unknown>;
    };

  test.each([
    [0, 3],
    [1, 1],
    [2, 2],
  ])('Geolocation_Setting %i is the content setting %i', (setting, value) => {
    const { profile } = prefs({ geolocationSetting: setting });
    expect(profile.default_content_setting_values.geolocation).toBe(value);
  });

  test("allow and block drop the sites' own answers; ask keeps them", () => {
    for (const setting of [1, 2]) {
      expect(prefs({ geolocationSetting: setting }).profile.content_settings).toEqual({
        exceptions: { geolocation: null },
      });
    }
    expect(prefs({ geolocationSetting: 0 }).profile.content_settings).toBeUndefined();
  });

  test('WebRTC sends nothing outside the proxy, whatever the environment', () => {
    expect(prefs({}).webrtc).toEqual({
      ip_handling_policy: 'disable_non_proxied_udp',
      multiple_routes_enabled: false,
      nonproxied_udp_enabled: false,
    });
  });
});

describe('the geolocation fields as the calls spell them', () => {
  const refusal = (fields: Record<string, unknown>) => {
    try {
      settingsFromWire(fields);
    } catch (error) {
      if (error instanceof LocalApiError) {
        return { code: error.code, status: error.httpStatus, ...error.messages };
      }
      throw error;
    }
    return undefined;
  };

  test("'' clears the coordinates, and an unset one reads ''", () => {
    expect(
      settingsFromWire({
        Geolocation_Setting: 2,
        Geolocation_Latitude: -33.8688,
        Geolocation_Longitude: 151.2093,
        Geolocation_Accuracy: 10,
      }),
    ).toEqual({
      geolocationSetting: 2,
      geolocationLatitude: -33.8688,
      geolocationLongitude: 151.2093,
      geolocationAccuracy: 10,
    });
    expect(settingsFromWire({ Geolocation_Latitude: '', Geolocation_Longitude: '' })).toEqual({
      geolocationLatitude: null,
      geolocationLongitude: null,
    });
    expect(toWireSettings(settings())).toMatchObject({
      Geolocation_Setting: 0,
      Geolocation_Latitude: '',
      Geolocation_Longitude: '',
      Geolocation_Accuracy: 50,
    });
  });

  test.each([
    ['Geolocation_Latitude', 90.5, -90, 90],
    ['Geolocation_Latitude', -91, -90, 90],
    ['Geolocation_Longitude', 180.01, -180, 180],
    ['Geolocation_Accuracy', 0, 1, 100000],
  ])('%s %d is refused with its range', (field, value, min, max) => {
    const other =
      field === 'Geolocation_Longitude' ? 'Geolocation_Latitude' : 'Geolocation_Longitude';
    const body =
      field === 'Geolocation_Accuracy' ? { [field]: value } : { [field]: value, [other]: 0 };
    expect(refusal(body)).toEqual({
      code: -10000,
      status: 400,
      en: `${field} must be a number from ${min} to ${max}`,
      zh: `${field} 必须是 ${min} 到 ${max} 之间的数字`,
    });
  });

  test('the edges of the ranges are accepted', () => {
    expect(
      refusal({ Geolocation_Latitude: -90, Geolocation_Longitude: 180, Geolocation_Accuracy: 1 }),
    ).toBeUndefined();
  });

  test('latitude and longitude go together', () => {
    const pair = {
      code: -10000,
      status: 400,
      en: 'Geolocation_Latitude and Geolocation_Longitude go together: give both, or both empty',
      zh: 'Geolocation_Latitude 与 Geolocation_Longitude 必须同时提供，或同时为空',
    };
    expect(refusal({ Geolocation_Latitude: 10 })).toEqual(pair);
    expect(refusal({ Geolocation_Longitude: 10 })).toEqual(pair);
    expect(refusal({ Geolocation_Latitude: 10, Geolocation_Longitude: '' })).toEqual(pair);
    expect(refusal({ Geolocation_Latitude: '' })).toEqual(pair);
  });
});
