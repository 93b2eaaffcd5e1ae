import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGS, type Lang } from '@hainiao/contract';
import { en } from '../locales/en.ts';
import { zh } from '../locales/zh.ts';

const resources = { en, zh } as const;

/**
 * One ready i18next instance per language, initialised synchronously. The page's language comes
 * from its URL, so rendering picks an instance instead of switching a shared one: a prerendered page
 * hydrates with exactly the strings it was rendered with.
 */
function createInstance(lang: Lang): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    resources: { [lang]: { translation: resources[lang] } },
    interpolation: { escapeValue: false }, // React escapes
    returnObjects: true,
    initAsync: false,
  });
  return instance;
}

const instances = new Map<Lang, i18n>();

export function i18nFor(lang: Lang): i18n {
  let instance = instances.get(lang);
  if (!instance) {
    instance = createInstance(lang);
    instances.set(lang, instance);
  }
  return instance;
}

export const SUPPORTED_LANGS = LANGS;
