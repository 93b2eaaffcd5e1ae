import { Segmented } from 'antd';
import { useLang, useSetLang, type UiLang } from '../shared/lang.tsx';

/** English / 简体中文, each written in its own language. */
export function LanguageSwitch() {
  const lang = useLang();
  const setLang = useSetLang();
  return (
    <Segmented<UiLang>
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
