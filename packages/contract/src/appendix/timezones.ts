import { rawTimeZones } from '@vvo/tzdb';
import { countryName } from './countries.ts';
import type { Localized } from '../i18n.ts';

/**
 * Time zones an environment can present (TimeZone): pairs of a UTC
 * offset and an IANA zone name, from GMT-12:00 to GMT+14:00.
 *
 * The zones come from @vvo/tzdb's static data (built from the IANA tz database and GeoNames):
 * one zone per country and clock, named as zone.tab names them (so 'Europe/Oslo', not its
 * link target 'Europe/Berlin'). The offset is the standard one, outside daylight saving time.
 * No zone of the database is inhabited at GMT-12:00, so 'Etc/GMT+12' (sign inverted by POSIX)
 * stands for it; 'Etc/UTC' is added for UTC itself. Nothing is read from the runtime's Intl, so
 * the list is the same in the browser and in Node.
 */
export interface TimezoneEntry {
  /** 'GMT+08:00' */
  offset: string;
  /** IANA name, like 'Asia/Shanghai' */
  zone: string;
  /** '(GMT+08:00) Asia/Shanghai', '(GMT+08:00) 亚洲/上海（中国）' */
  label: Localized;
}

interface Source {
  zone: string;
  minutes: number;
  country: string | undefined;
  /** Other IANA names that show the same time in the same country. */
  group: readonly string[];
}

const EXTRA: readonly Source[] = [
  { zone: 'Etc/GMT+12', minutes: -720, country: undefined, group: [] },
  {
    zone: 'Etc/UTC',
    minutes: 0,
    country: undefined,
    group: ['UTC', 'Etc/UCT', 'Etc/Universal', 'Etc/Zulu', 'GMT', 'Etc/GMT'],
  },
];

/**
 * Morocco keeps GMT+01:00 all year but for Ramadan, which the tz database writes as a standard
 * time of +01:00 with negative daylight saving time; @vvo/tzdb reads +00:00 from it. The list
 * shows the offset the clock has eleven months a year, as operating systems do.
 */
const OFFSET_OVERRIDES: Readonly<Record<string, number>> = {
  'Africa/Casablanca': 60,
  'Africa/El_Aaiun': 60,
};

const REGIONS_ZH: Readonly<Record<string, string>> = {
  Africa: '非洲',
  America: '美洲',
  Antarctica: '南极洲',
  Arctic: '北极',
  Asia: '亚洲',
  Atlantic: '大西洋',
  Australia: '澳大利亚',
  Europe: '欧洲',
  Indian: '印度洋',
  Pacific: '太平洋',
};

/** Chinese names of the most used zones; the others keep the IANA city in the zh label. */
const CITIES_ZH: Readonly<Record<string, string>> = {
  'Africa/Cairo': '开罗',
  'Africa/Casablanca': '卡萨布兰卡',
  'Africa/Johannesburg': '约翰内斯堡',
  'Africa/Lagos': '拉各斯',
  'Africa/Nairobi': '内罗毕',
  'America/Anchorage': '安克雷奇',
  'America/Argentina/Buenos_Aires': '布宜诺斯艾利斯',
  'America/Bogota': '波哥大',
  'America/Caracas': '加拉加斯',
  'America/Chicago': '芝加哥',
  'America/Denver': '丹佛',
  'America/Halifax': '哈利法克斯',
  'America/Havana': '哈瓦那',
  'America/Lima': '利马',
  'America/Los_Angeles': '洛杉矶',
  'America/Mexico_City': '墨西哥城',
  'America/New_York': '纽约',
  'America/Phoenix': '凤凰城',
  'America/Santiago': '圣地亚哥',
  'America/Sao_Paulo': '圣保罗',
  'America/St_Johns': '圣约翰斯',
  'America/Toronto': '多伦多',
  'America/Vancouver': '温哥华',
  'Asia/Almaty': '阿拉木图',
  'Asia/Bangkok': '曼谷',
  'Asia/Dhaka': '达卡',
  'Asia/Dubai': '迪拜',
  'Asia/Ho_Chi_Minh': '胡志明市',
  'Asia/Hong_Kong': '香港',
  'Asia/Jakarta': '雅加达',
  'Asia/Jerusalem': '耶路撒冷',
  'Asia/Kabul': '喀布尔',
  'Asia/Karachi': '卡拉奇',
  'Asia/Kathmandu': '加德满都',
  'Asia/Kolkata': '加尔各答',
  'Asia/Kuala_Lumpur': '吉隆坡',
  'Asia/Macau': '澳门',
  'Asia/Manila': '马尼拉',
  'Asia/Riyadh': '利雅得',
  'Asia/Seoul': '首尔',
  'Asia/Shanghai': '上海',
  'Asia/Singapore': '新加坡',
  'Asia/Taipei': '台北',
  'Asia/Tehran': '德黑兰',
  'Asia/Tokyo': '东京',
  'Asia/Urumqi': '乌鲁木齐',
  'Asia/Vladivostok': '符拉迪沃斯托克',
  'Asia/Yangon': '仰光',
  'Atlantic/Azores': '亚速尔群岛',
  'Atlantic/Cape_Verde': '佛得角',
  'Australia/Adelaide': '阿德莱德',
  'Australia/Brisbane': '布里斯班',
  'Australia/Darwin': '达尔文',
  'Australia/Eucla': '尤克拉',
  'Australia/Perth': '珀斯',
  'Australia/Sydney': '悉尼',
  'Europe/Amsterdam': '阿姆斯特丹',
  'Europe/Athens': '雅典',
  'Europe/Berlin': '柏林',
  'Europe/Istanbul': '伊斯坦布尔',
  'Europe/Kyiv': '基辅',
  'Europe/Lisbon': '里斯本',
  'Europe/London': '伦敦',
  'Europe/Madrid': '马德里',
  'Europe/Moscow': '莫斯科',
  'Europe/Paris': '巴黎',
  'Europe/Rome': '罗马',
  'Europe/Warsaw': '华沙',
  'Europe/Zurich': '苏黎世',
  'Pacific/Apia': '阿皮亚',
  'Pacific/Auckland': '奥克兰',
  'Pacific/Chatham': '查塔姆群岛',
  'Pacific/Honolulu': '檀香山',
  'Pacific/Kiritimati': '圣诞岛',
  'Pacific/Marquesas': '马克萨斯群岛',
  'Pacific/Pago_Pago': '帕果帕果',
  'Pacific/Tongatapu': '努库阿洛法',
  'Etc/GMT+12': '国际日期变更线西',
  'Etc/UTC': '协调世界时',
};

/** 'GMT+08:00' for 480 minutes, 'GMT-03:30' for -210, 'GMT+00:00' for 0. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hours = String(Math.floor(abs / 60)).padStart(2, '0');
  const rest = String(abs % 60).padStart(2, '0');
  return `GMT${sign}${hours}:${rest}`;
}

/** Minutes east of UTC of a 'GMT±HH:MM' offset, or undefined when malformed. */
export function parseOffset(offset: string): number | undefined {
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return undefined;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function zhName(source: Source): string {
  const city = CITIES_ZH[source.zone];
  const slash = source.zone.indexOf('/');
  const region = source.zone.slice(0, slash);
  const rest = source.zone.slice(slash + 1).replaceAll('_', ' ');
  const country = source.country === undefined ? undefined : countryName(source.country, 'zh');
  if (region === 'Etc') return city ?? source.zone;
  const name = `${REGIONS_ZH[region] ?? region}/${city ?? rest}`;
  return country === undefined ? name : `${name}（${country}）`;
}

const SOURCES: readonly Source[] = [
  ...rawTimeZones.map((zone): Source => ({
    zone: zone.name,
    minutes: OFFSET_OVERRIDES[zone.name] ?? zone.rawOffsetInMinutes,
    country: zone.countryCode || undefined,
    group: zone.group.filter((name) => name !== zone.name),
  })),
  ...EXTRA,
].sort((a, b) => a.minutes - b.minutes || (a.zone < b.zone ? -1 : a.zone > b.zone ? 1 : 0));

const ROWS = SOURCES.map((source) => {
  const offset = formatOffset(source.minutes);
  const entry: TimezoneEntry = {
    offset,
    zone: source.zone,
    label: { en: `(${offset}) ${source.zone}`, zh: `(${offset}) ${zhName(source)}` },
  };
  return { source, entry };
});

export const TIMEZONES: readonly TimezoneEntry[] = ROWS.map((row) => row.entry);

/** The country (ISO 3166 alpha-2) whose clock a zone of TIMEZONES is, if it is one country's. */
export function countryOfTimezone(zone: string): string | undefined {
  return ROWS.find((row) => row.entry.zone === zone)?.source.country;
}

/** The distinct offsets of TIMEZONES, from 'GMT-12:00' to 'GMT+14:00'. */
export const TIMEZONE_OFFSETS: readonly string[] = [
  ...new Set(TIMEZONES.map((entry) => entry.offset)),
];

const BY_ZONE = new Map(TIMEZONES.map((entry) => [entry.zone, entry]));
const BY_ALIAS = new Map(
  ROWS.flatMap(({ source, entry }) => source.group.map((alias) => [alias, entry] as const)),
);

/** True only for the zones of the list. */
export function isTimezone(zone: string): boolean {
  return BY_ZONE.has(zone);
}

/** The 'GMT±HH:MM' standard offset of a listed zone. */
export function offsetOf(zone: string): string | undefined {
  return BY_ZONE.get(zone)?.offset;
}

/**
 * The listed entry for a zone, also when the zone is another IANA name of the same clock in the
 * same country ('America/Detroit' gives 'America/New_York', 'Asia/Calcutta' gives 'Asia/Kolkata'),
 * as a proxy's geolocation may report.
 */
export function findTimezone(zone: string): TimezoneEntry | undefined {
  return BY_ZONE.get(zone) ?? BY_ALIAS.get(zone);
}
