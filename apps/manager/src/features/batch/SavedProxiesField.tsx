/** Batch create's "Saved proxies": the saved proxies the new environments get, one each in turn. */
import { Form, Select } from 'antd';
import { useCopy } from '../../shared/lang.tsx';
import { savedProxyCopy } from '../../shared/saved-proxies/locales.ts';
import { useSavedProxies } from '../../shared/saved-proxies/useSavedProxies.ts';

export function SavedProxiesField(props: { value: string[]; onChange(ids: string[]): void }) {
  const t = useCopy(savedProxyCopy);
  const saved = useSavedProxies();
  const empty = saved !== undefined && saved.length === 0;
  return (
    <Form.Item label={t.batchSaved} extra={t.batchSavedHelp}>
      <Select
        mode="multiple"
        aria-label={t.batchSaved}
        allowClear
        loading={saved === undefined}
        disabled={empty}
        placeholder={empty ? t.pickerEmpty : t.batchSavedPlaceholder}
        value={props.value}
        onChange={props.onChange}
        showSearch={{ optionFilterProp: 'label' }}
        options={(saved ?? []).map((p) => ({
          value: p.Proxy_ID,
          label: `${p.Name} · ${p.Proxy_Type} ${p.Proxy_Ip}:${p.Proxy_Port}`,
        }))}
      />
    </Form.Item>
  );
}
