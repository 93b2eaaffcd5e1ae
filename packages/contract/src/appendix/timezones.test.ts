import { describe, expect, it } from 'vitest';
import {
  TIMEZONES,
  TIMEZONE_OFFSETS,
  findTimezone,
  formatOffset,
  isTimezone,
  offsetOf,
  parseOffset,
} from './timezones.ts';

function minutes(offset: string): number {
  const value = parseOffset(offset);
  if (value === undefined) throw new Error(`bad offset ${offset}`);
  return value;
}

describe('TIMEZONES', () => {
  it('has one entry per zone', () => {
    expect(TIMEZONES.length).toBeGreaterThan(250);
    expect(new Set(TIMEZONES.map((entry) => entry.zone)).size).toBe(TIMEZONES.length);
  });

  it('is sorted by offset then zone', () => {
    for (let i = 1; i < TIMEZONES.length; i++) {
      const a = TIMEZONES[i - 1];
      const b = TIMEZONES[i];
      if (!a || !b) throw new Error('hole');
      const order = minutes(a.offset) - minutes(b.offset);
      expect(order < 0 || (order === 0 && a.zone < b.zone)).toBe(true);
    }
  });

  it('names only zones that the IANA database and Intl know', () => {
    for (const { zone } of TIMEZONES) {
      expect(zone).toMatch(/^[A-Z][A-Za-z]+\/[A-Za-z0-9_+\-/]+$/);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: zone })).not.toThrow();
    }
  });

  it('gives each zone an offset its clock really shows', () => {
    // Winter and summer of two years, so that a zone with daylight saving time shows both of its
    // offsets. Node's tz data may be older or newer than the package's; both must agree on one.
    const dates = [2025, 2026].flatMap((year) =>
      [0, 6].map((m) => new Date(Date.UTC(year, m, 15))),
    );
    for (const { zone, offset } of TIMEZONES) {
      const format = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' });
      const seen = dates.map((date) => {
        const part = format.formatToParts(date).find((p) => p.type === 'timeZoneName')?.value;
        return part === 'GMT' ? 'GMT+00:00' : part;
      });
      expect(seen, zone).toContain(offset);
    }
  });

  it('puts Morocco at GMT+01:00', () => {
    expect(offsetOf('Africa/Casablanca')).toBe('GMT+01:00');
    expect(offsetOf('Africa/El_Aaiun')).toBe('GMT+01:00');
  });

  it('labels each zone in both languages', () => {
    for (const { offset, zone, label } of TIMEZONES) {
      expect(label.en).toBe(`(${offset}) ${zone}`);
      expect(label.zh.startsWith(`(${offset}) `)).toBe(true);
      expect(label.zh).toMatch(/[\u4e00-\u9fff]/);
    }
    const shanghai = TIMEZONES.find((entry) => entry.zone === 'Asia/Shanghai');
    expect(shanghai).toEqual({
      offset: 'GMT+08:00',
      zone: 'Asia/Shanghai',
      label: { en: '(GMT+08:00) Asia/Shanghai', zh: '(GMT+08:00) 亚洲/上海（中国）' },
    });
  });

  it('includes the zones people pick most', () => {
    for (const zone of [
      'America/New_York',
      'America/Los_Angeles',
      'America/Sao_Paulo',
      'Europe/London',
      'Europe/Berlin',
      'Europe/Oslo',
      'Europe/Amsterdam',
      'Asia/Shanghai',
      'Asia/Hong_Kong',
      'Asia/Tokyo',
      'Asia/Kolkata',
      'Asia/Singapore',
      'Australia/Sydney',
      'Etc/UTC',
    ]) {
      expect(isTimezone(zone), zone).toBe(true);
    }
  });
});

describe('TIMEZONE_OFFSETS', () => {
  it('runs from GMT-12:00 to GMT+14:00, sorted and distinct', () => {
    expect(TIMEZONE_OFFSETS[0]).toBe('GMT-12:00');
    expect(TIMEZONE_OFFSETS.at(-1)).toBe('GMT+14:00');
    expect(new Set(TIMEZONE_OFFSETS).size).toBe(TIMEZONE_OFFSETS.length);
    const values = TIMEZONE_OFFSETS.map(minutes);
    expect(values).toEqual([...values].sort((a, b) => a - b));
  });

  it('has every whole hour from -12 to +14', () => {
    for (let hour = -12; hour <= 14; hour++) {
      expect(TIMEZONE_OFFSETS).toContain(formatOffset(hour * 60));
    }
  });

  it('has the half and quarter hours', () => {
    for (const offset of [
      'GMT-09:30',
      'GMT-03:30',
      'GMT+03:30',
      'GMT+04:30',
      'GMT+05:30',
      'GMT+05:45',
      'GMT+06:30',
      'GMT+08:45',
      'GMT+09:30',
      'GMT+10:30',
      'GMT+12:45',
    ]) {
      expect(TIMEZONE_OFFSETS).toContain(offset);
    }
  });

  it('is exactly the offsets of TIMEZONES', () => {
    expect(new Set(TIMEZONE_OFFSETS)).toEqual(new Set(TIMEZONES.map((entry) => entry.offset)));
  });
});

describe('offsets', () => {
  it('formats and parses', () => {
    expect(formatOffset(480)).toBe('GMT+08:00');
    expect(formatOffset(-210)).toBe('GMT-03:30');
    expect(formatOffset(0)).toBe('GMT+00:00');
    expect(formatOffset(345)).toBe('GMT+05:45');
    expect(parseOffset('GMT-12:00')).toBe(-720);
    expect(parseOffset('GMT+05:45')).toBe(345);
    expect(parseOffset('UTC+08:00')).toBeUndefined();
    expect(parseOffset('GMT+8')).toBeUndefined();
  });
});

describe('lookups', () => {
  it('isTimezone accepts only listed zones', () => {
    expect(isTimezone('Asia/Shanghai')).toBe(true);
    expect(isTimezone('Asia/Calcutta')).toBe(false);
    expect(isTimezone('asia/shanghai')).toBe(false);
    expect(isTimezone('Mars/Olympus_Mons')).toBe(false);
  });

  it('offsetOf gives the standard offset', () => {
    expect(offsetOf('Asia/Shanghai')).toBe('GMT+08:00');
    expect(offsetOf('America/New_York')).toBe('GMT-05:00');
    expect(offsetOf('Asia/Kathmandu')).toBe('GMT+05:45');
    expect(offsetOf('America/St_Johns')).toBe('GMT-03:30');
    expect(offsetOf('Pacific/Kiritimati')).toBe('GMT+14:00');
    expect(offsetOf('Etc/GMT+12')).toBe('GMT-12:00');
    expect(offsetOf('Nowhere/Else')).toBeUndefined();
  });

  it('findTimezone maps other names of the same clock to the listed zone', () => {
    expect(findTimezone('Asia/Shanghai')?.zone).toBe('Asia/Shanghai');
    expect(findTimezone('Asia/Calcutta')?.zone).toBe('Asia/Kolkata');
    expect(findTimezone('America/Detroit')?.zone).toBe('America/New_York');
    expect(findTimezone('UTC')?.zone).toBe('Etc/UTC');
    expect(findTimezone('Nowhere/Else')).toBeUndefined();
  });
});
