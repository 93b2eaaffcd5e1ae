/**
 * The geolocation fields over HTTP (ours, in the spec's style: Geolocation_Setting,
 * Geolocation_Latitude, Geolocation_Longitude, Geolocation_Accuracy): create and adv_setting store
 * them, id_container answers them, a value out of range or a coordinate without the other answers
 * -10000 (HTTP 400) with a message naming it, in both languages, and nothing is stored.
 * runtime/geolocation.test.ts proves what pages see.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestCloud, type TestCloud } from '@hainiao/testkit/cloud';
import { startTestService, type TestService } from '../../test/server.ts';

let cloud: TestCloud;
let service: TestService;

beforeAll(async () => {
  cloud = await startTestCloud();
  const account = await cloud.account('geo');
  service = await startTestService({ cloud: cloud.url });
  expect((await service.post('/login', account)).json().status).toBe(0);
});
afterAll(async () => {
  await service?.dispose();
  await cloud?.stop();
});

const create = (fields: Record<string, unknown>, headers: Record<string, string> = {}) =>
  service.post('/api/v1/session/create', { Automatic_Configure: 0, ...fields }, headers);

const adv = (fields: Record<string, unknown>, headers: Record<string, string> = {}) =>
  service.post('/api/v1/session/adv_setting', fields, headers);

async function geolocation(id: string) {
  const res = await service.post('/api/v1/session/id_container', { Session_ID: id });
  const env = res.json().data.listcontainer[0] as Record<string, unknown>;
  return Object.fromEntries(Object.entries(env).filter(([key]) => key.startsWith('Geolocation_')));
}

const total = async () => (await service.post('/api/v1/session/listid')).json().data.total;

describe('stored and answered', () => {
  test('a new environment: ask, no coordinates, 50 m', async () => {
    const id = (await create({})).json().data.Session_Id;
    expect(await geolocation(id)).toEqual({
      Geolocation_Setting: 0,
      Geolocation_Latitude: '',
      Geolocation_Longitude: '',
      Geolocation_Accuracy: 50,
    });
  });

  test('create stores them (numbers or the same as text); adv_setting changes and clears', async () => {
    const res = await create({
      Geolocation_Setting: '2',
      Geolocation_Latitude: '48.8566',
      Geolocation_Longitude: 2.3522,
      Geolocation_Accuracy: '12.5',
    });
    expect(res.json().code).toBe(0);
    const id = res.json().data.Session_Id;
    expect(await geolocation(id)).toEqual({
      Geolocation_Setting: 2,
      Geolocation_Latitude: 48.8566,
      Geolocation_Longitude: 2.3522,
      Geolocation_Accuracy: 12.5,
    });

    const changed = await adv({
      Session_ID: id,
      Geolocation_Setting: 1,
      Geolocation_Latitude: -90,
      Geolocation_Longitude: 180,
    });
    expect(changed.json()).toMatchObject({
      code: 0,
      message: 'Update Session adv_setting Success',
    });
    expect(await geolocation(id)).toEqual({
      Geolocation_Setting: 1,
      Geolocation_Latitude: -90,
      Geolocation_Longitude: 180,
      Geolocation_Accuracy: 12.5,
    });

    expect(
      (await adv({ Session_ID: id, Geolocation_Latitude: '', Geolocation_Longitude: '' })).json()
        .code,
    ).toBe(0);
    expect(await geolocation(id)).toMatchObject({
      Geolocation_Latitude: '',
      Geolocation_Longitude: '',
    });
  });
});

describe('refused with -10000 and a message naming the field', () => {
  test.each([
    ['Geolocation_Latitude', { Geolocation_Latitude: 90.1, Geolocation_Longitude: 0 }, -90, 90],
    ['Geolocation_Longitude', { Geolocation_Latitude: 0, Geolocation_Longitude: -181 }, -180, 180],
    ['Geolocation_Accuracy', { Geolocation_Accuracy: 0 }, 1, 100000],
  ])(
    '%s out of range, on create (nothing stored) and adv_setting',
    async (field, body, min, max) => {
      const before = await total();
      const res = await create(body);
      expect(res.status).toBe(400);
      expect(res.json()).toEqual({
        code: -10000,
        message: `${field} must be a number from ${min} to ${max}`,
        data: null,
      });
      expect(await total()).toBe(before);
      const zh = await create(body, { 'accept-language': 'zh' });
      expect(zh.json().message).toBe(`${field} 必须是 ${min} 到 ${max} 之间的数字`);

      const id = (await create({})).json().data.Session_Id;
      const onAdv = await adv({ Session_ID: id, ...body });
      expect(onAdv.status).toBe(400);
      expect(onAdv.json().code).toBe(-10000);
      expect((await geolocation(id)).Geolocation_Accuracy).toBe(50);
    },
  );

  test('a latitude without its longitude', async () => {
    const res = await create({ Geolocation_Latitude: 10 });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      code: -10000,
      message:
        'Geolocation_Latitude and Geolocation_Longitude go together: give both, or both empty',
      data: null,
    });
    const zh = await create({ Geolocation_Longitude: 10 }, { 'accept-language': 'zh' });
    expect(zh.json().message).toBe(
      'Geolocation_Latitude 与 Geolocation_Longitude 必须同时提供，或同时为空',
    );
  });

  test('a setting other than 0, 1, 2 and a coordinate that is not a number', async () => {
    const setting = await create({ Geolocation_Setting: 3 });
    expect(setting.status).toBe(400);
    expect(setting.json()).toMatchObject({
      code: -10000,
      message: 'Invalid parameter: Geolocation_Setting',
    });
    const text = await create({ Geolocation_Latitude: 'north', Geolocation_Longitude: 0 });
    expect(text.json()).toMatchObject({
      code: -10000,
      message: 'Invalid parameter: Geolocation_Latitude',
    });
  });

  test('session/update takes only the fields the spec lists for it', async () => {
    const id = (await create({})).json().data.Session_Id;
    const res = await service.post('/api/v1/session/update', {
      Session_ID: id,
      Geolocation_Setting: 1,
    });
    expect(res.status).toBe(400);
    expect(res.json()).toMatchObject({
      code: -10000,
      message: 'Unknown field: Geolocation_Setting',
    });
  });
});
