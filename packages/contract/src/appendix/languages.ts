import type { Localized } from '../i18n.ts';

/**
 * Languages an environment can present (LanguageCode): rows of code, name and
 * whether rendering is supported.
 *
 * Codes are BCP 47 tags as Chromium writes them in Accept-Language and navigator.language.
 * `rendering` is true when Chromium has a UI locale for the code, after its own fallbacks
 * (l10n_util's CheckAndResolveLocale: 'en-AU' is shown in en-GB, 'es-MX' in es-419, 'zh-HK' in
 * zh-TW, 'no' in nb...); without one, the browser UI falls back to en-US.
 */
export interface LanguageEntry {
  /** 'en-US' */
  code: string;
  /** 'English (United States)', '英语（美国）' */
  name: Localized;
  /** The name in the language itself: 'English (United States)', '日本語' */
  nativeName: string;
  rendering: boolean;
}

/** Chromium's desktop UI locales (build/config/locales.gni, classic set). */
export const CHROMIUM_UI_LOCALES = [
  'am',
  'ar',
  'bg',
  'bn',
  'ca',
  'cs',
  'da',
  'de',
  'el',
  'en-GB',
  'en-US',
  'es',
  'es-419',
  'et',
  'fa',
  'fi',
  'fil',
  'fr',
  'gu',
  'he',
  'hi',
  'hr',
  'hu',
  'id',
  'it',
  'ja',
  'kn',
  'ko',
  'lt',
  'lv',
  'ml',
  'mr',
  'ms',
  'nb',
  'nl',
  'pl',
  'pt-BR',
  'pt-PT',
  'ro',
  'ru',
  'sk',
  'sl',
  'sr',
  'sv',
  'sw',
  'ta',
  'te',
  'th',
  'tr',
  'uk',
  'vi',
  'zh-CN',
  'zh-TW',
] as const;

const UI_LOCALES: ReadonlySet<string> = new Set(CHROMIUM_UI_LOCALES);

/** Aliases Chromium applies to a bare language (Google updater codes and defaults). */
const UI_ALIASES: Readonly<Record<string, string>> = {
  en: 'en-US',
  iw: 'he',
  no: 'nb',
  pt: 'pt-BR',
  tl: 'fil',
  zh: 'zh-CN',
};

/**
 * The Chromium UI locale a language code is shown in, following l10n_util's
 * CheckAndResolveLocale on desktop, or undefined when Chromium has none (the UI is then en-US).
 */
export function chromiumUiLocale(code: string): string | undefined {
  if (UI_LOCALES.has(code)) return code;
  const [lang = '', region] = code.split('-');
  if (region !== undefined) {
    let candidate = lang;
    const r = region.toLowerCase();
    if (lang === 'es' && r !== 'es') candidate = 'es-419';
    else if (lang === 'pt' && r !== 'br') candidate = 'pt-PT';
    else if (lang === 'zh') candidate = r === 'hk' || r === 'mo' ? 'zh-TW' : 'zh-CN';
    else if (lang === 'en') candidate = r === 'lr' || r === 'ph' ? 'en-US' : 'en-GB';
    if (UI_LOCALES.has(candidate)) return candidate;
  }
  const alias = UI_ALIASES[lang];
  return alias !== undefined && UI_LOCALES.has(alias) ? alias : undefined;
}

/**
 * [code, English name, Chinese name, native name]. The names are CLDR's (Intl.DisplayNames with
 * languageDisplay 'standard', ICU 78), written out so the site and the servers show the same text
 * whatever the ICU of the runtime.
 */
const ROWS: readonly (readonly [string, string, string, string])[] = [
  ['af', 'Afrikaans', '南非荷兰语', 'Afrikaans'],
  ['am', 'Amharic', '阿姆哈拉语', 'አማርኛ'],
  ['ar', 'Arabic', '阿拉伯语', 'العربية'],
  ['az', 'Azerbaijani', '阿塞拜疆语', 'azərbaycan'],
  ['be', 'Belarusian', '白俄罗斯语', 'беларуская'],
  ['bg', 'Bulgarian', '保加利亚语', 'български'],
  ['bn', 'Bangla', '孟加拉语', 'বাংলা'],
  ['bs', 'Bosnian', '波斯尼亚语', 'bosanski'],
  ['ca', 'Catalan', '加泰罗尼亚语', 'català'],
  ['cs', 'Czech', '捷克语', 'čeština'],
  ['cy', 'Welsh', '威尔士语', 'Cymraeg'],
  ['da', 'Danish', '丹麦语', 'dansk'],
  ['de', 'German', '德语', 'Deutsch'],
  ['de-AT', 'German (Austria)', '德语（奥地利）', 'Deutsch (Österreich)'],
  ['de-CH', 'German (Switzerland)', '德语（瑞士）', 'Deutsch (Schweiz)'],
  ['el', 'Greek', '希腊语', 'Ελληνικά'],
  ['en', 'English', '英语', 'English'],
  ['en-AU', 'English (Australia)', '英语（澳大利亚）', 'English (Australia)'],
  ['en-CA', 'English (Canada)', '英语（加拿大）', 'English (Canada)'],
  ['en-GB', 'English (United Kingdom)', '英语（英国）', 'English (United Kingdom)'],
  ['en-IE', 'English (Ireland)', '英语（爱尔兰）', 'English (Ireland)'],
  ['en-IN', 'English (India)', '英语（印度）', 'English (India)'],
  ['en-NZ', 'English (New Zealand)', '英语（新西兰）', 'English (New Zealand)'],
  ['en-US', 'English (United States)', '英语（美国）', 'English (United States)'],
  ['en-ZA', 'English (South Africa)', '英语（南非）', 'English (South Africa)'],
  ['es', 'Spanish', '西班牙语', 'español'],
  ['es-419', 'Spanish (Latin America)', '西班牙语（拉丁美洲）', 'español (Latinoamérica)'],
  ['es-AR', 'Spanish (Argentina)', '西班牙语（阿根廷）', 'español (Argentina)'],
  ['es-CO', 'Spanish (Colombia)', '西班牙语（哥伦比亚）', 'español (Colombia)'],
  ['es-MX', 'Spanish (Mexico)', '西班牙语（墨西哥）', 'español (México)'],
  ['es-US', 'Spanish (United States)', '西班牙语（美国）', 'español (Estados Unidos)'],
  ['et', 'Estonian', '爱沙尼亚语', 'eesti'],
  ['eu', 'Basque', '巴斯克语', 'euskara'],
  ['fa', 'Persian', '波斯语', 'فارسی'],
  ['fi', 'Finnish', '芬兰语', 'suomi'],
  ['fil', 'Filipino', '菲律宾语', 'Filipino'],
  ['fr', 'French', '法语', 'français'],
  ['fr-CA', 'French (Canada)', '法语（加拿大）', 'français (Canada)'],
  ['fr-CH', 'French (Switzerland)', '法语（瑞士）', 'français (Suisse)'],
  ['ga', 'Irish', '爱尔兰语', 'Gaeilge'],
  ['gl', 'Galician', '加利西亚语', 'galego'],
  ['gu', 'Gujarati', '古吉拉特语', 'ગુજરાતી'],
  ['ha', 'Hausa', '豪萨语', 'Hausa'],
  ['he', 'Hebrew', '希伯来语', 'עברית'],
  ['hi', 'Hindi', '印地语', 'हिन्दी'],
  ['hr', 'Croatian', '克罗地亚语', 'hrvatski'],
  ['hu', 'Hungarian', '匈牙利语', 'magyar'],
  ['hy', 'Armenian', '亚美尼亚语', 'հայերեն'],
  ['id', 'Indonesian', '印度尼西亚语', 'Indonesia'],
  ['is', 'Icelandic', '冰岛语', 'íslenska'],
  ['it', 'Italian', '意大利语', 'italiano'],
  ['ja', 'Japanese', '日语', '日本語'],
  ['ka', 'Georgian', '格鲁吉亚语', 'ქართული'],
  ['kk', 'Kazakh', '哈萨克语', 'қазақ тілі'],
  ['km', 'Khmer', '高棉语', 'ខ្មែរ'],
  ['kn', 'Kannada', '卡纳达语', 'ಕನ್ನಡ'],
  ['ko', 'Korean', '韩语', '한국어'],
  ['ky', 'Kyrgyz', '吉尔吉斯语', 'кыргызча'],
  ['lo', 'Lao', '老挝语', 'ລາວ'],
  ['lt', 'Lithuanian', '立陶宛语', 'lietuvių'],
  ['lv', 'Latvian', '拉脱维亚语', 'latviešu'],
  ['mk', 'Macedonian', '马其顿语', 'македонски'],
  ['ml', 'Malayalam', '马拉雅拉姆语', 'മലയാളം'],
  ['mn', 'Mongolian', '蒙古语', 'монгол'],
  ['mr', 'Marathi', '马拉地语', 'मराठी'],
  ['ms', 'Malay', '马来语', 'Melayu'],
  ['mt', 'Maltese', '马耳他语', 'Malti'],
  ['my', 'Burmese', '缅甸语', 'မြန်မာ'],
  ['nb', 'Norwegian Bokmål', '书面挪威语', 'norsk bokmål'],
  ['ne', 'Nepali', '尼泊尔语', 'नेपाली'],
  ['nl', 'Dutch', '荷兰语', 'Nederlands'],
  ['no', 'Norwegian', '挪威语', 'norsk'],
  ['pa', 'Punjabi', '旁遮普语', 'ਪੰਜਾਬੀ'],
  ['pl', 'Polish', '波兰语', 'polski'],
  ['ps', 'Pashto', '普什图语', 'پښتو'],
  ['pt-BR', 'Portuguese (Brazil)', '葡萄牙语（巴西）', 'português (Brasil)'],
  ['pt-PT', 'Portuguese (Portugal)', '葡萄牙语（葡萄牙）', 'português (Portugal)'],
  ['ro', 'Romanian', '罗马尼亚语', 'română'],
  ['ru', 'Russian', '俄语', 'русский'],
  ['si', 'Sinhala', '僧伽罗语', 'සිංහල'],
  ['sk', 'Slovak', '斯洛伐克语', 'slovenčina'],
  ['sl', 'Slovenian', '斯洛文尼亚语', 'slovenščina'],
  ['so', 'Somali', '索马里语', 'Soomaali'],
  ['sq', 'Albanian', '阿尔巴尼亚语', 'shqip'],
  ['sr', 'Serbian', '塞尔维亚语', 'српски'],
  ['sv', 'Swedish', '瑞典语', 'svenska'],
  ['sw', 'Swahili', '斯瓦希里语', 'Kiswahili'],
  ['ta', 'Tamil', '泰米尔语', 'தமிழ்'],
  ['te', 'Telugu', '泰卢固语', 'తెలుగు'],
  ['tg', 'Tajik', '塔吉克语', 'тоҷикӣ'],
  ['th', 'Thai', '泰语', 'ไทย'],
  ['tk', 'Turkmen', '土库曼语', 'türkmen dili'],
  ['tr', 'Turkish', '土耳其语', 'Türkçe'],
  ['uk', 'Ukrainian', '乌克兰语', 'українська'],
  ['ur', 'Urdu', '乌尔都语', 'اردو'],
  ['uz', 'Uzbek', '乌兹别克语', 'o‘zbek'],
  ['vi', 'Vietnamese', '越南语', 'Tiếng Việt'],
  ['yo', 'Yoruba', '约鲁巴语', 'Èdè Yorùbá'],
  ['zh-CN', 'Chinese (China)', '中文（中国）', '中文（中国）'],
  [
    'zh-HK',
    'Chinese (Hong Kong SAR China)',
    '中文（中国香港特别行政区）',
    '中文（中國香港特別行政區）',
  ],
  ['zh-TW', 'Chinese (Taiwan)', '中文（台湾）', '中文（台灣）'],
  ['zu', 'Zulu', '祖鲁语', 'isiZulu'],
];

export const LANGUAGES: readonly LanguageEntry[] = ROWS.map(([code, en, zh, nativeName]) => ({
  code,
  name: { en, zh },
  nativeName,
  rendering: chromiumUiLocale(code) !== undefined,
}));

const CODES: ReadonlySet<string> = new Set(LANGUAGES.map((entry) => entry.code));

/** True only for the codes of the list, spelled as listed ('en-US', not 'en_us'). */
export function isLanguageCode(code: string): boolean {
  return CODES.has(code);
}

export function findLanguage(code: string): LanguageEntry | undefined {
  return LANGUAGES.find((entry) => entry.code === code);
}
