import { Segmented } from 'antd';
import { useLang, useSetLang, type UiLang } from '../lang.tsx';

/** English / 简体中文, each written in its own language. */
export function LanguageSwitch() {
  const lang = useLang();
  const setLang = useSetLang();
  return (
    <Segmented<UiLang>
      // Ant Design names every Segmented "segmented control", in every locale.
      aria-label={lang === 'zh' ? '界面语言' : 'Interface language'}
      size="small"
      value={lang}
      onChange={setLang}
      options={[
        { label: 'English', value: 'en' },
        { label: '简体中文', value: 'zh' },
      ]}
    />
  );
}
