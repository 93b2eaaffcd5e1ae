/**
 * "Saved proxy" of the form's proxy section: picking one of the proxy library fills the proxy's
 * fields with it (its password read from the service when picked, never listed). The picker shows
 * the saved proxy the fields hold now: an environment uses a saved proxy when its proxy is the same
 * one (type, host, port and user name), and then follows the library's changes of it.
 */
import { Alert, Form, Select } from 'antd';
import { useMemo, useState } from 'react';
import { fill } from '../../../shared/format.ts';
import { useCopy } from '../../../shared/lang.tsx';
import { errorText } from '../../../shared/ui/errors.ts';
import { savedProxyCopy } from '../../../shared/saved-proxies/locales.ts';
import { getProxy } from '../../../shared/saved-proxies/proxy-calls.ts';
import { identityOf } from '../../../shared/saved-proxies/saved-proxy-fields.ts';
import { useSavedProxies } from '../../../shared/saved-proxies/useSavedProxies.ts';

export function SavedProxyPicker() {
  const t = useCopy(savedProxyCopy);
  const form = Form.useFormInstance();
  const saved = useSavedProxies();
  const [filling, setFilling] = useState(false);
  const [error, setError] = useState<string>();

  const fields = {
    Proxy_Type: Form.useWatch('Proxy_Type', form) as unknown,
    Proxy_Ip: Form.useWatch('Proxy_Ip', form) as unknown,
    Proxy_Port: Form.useWatch('Proxy_Port', form) as unknown,
    Proxy_Username: Form.useWatch('Proxy_Username', form) as unknown,
  };
  const key = identityOf(fields);
  const current = useMemo(() => saved?.find((p) => identityOf(p) === key), [saved, key]);

  async function pick(id: string) {
    setError(undefined);
    setFilling(true);
    try {
      const proxy = await getProxy(id);
      form.setFieldsValue({
        Proxy_Type: proxy.Proxy_Type,
        Proxy_Ip: proxy.Proxy_Ip,
        Proxy_Port: proxy.Proxy_Port,
        Proxy_Username: proxy.Proxy_Username,
        Proxy_Password: proxy.Proxy_Password,
      });
      // The fields were set, not typed: their rules run again on what they hold now.
      void form.validateFields(['Proxy_Ip', 'Proxy_Port']).catch(() => undefined);
    } catch (failure) {
      setError(fill(t.pickerFailed, { error: errorText(failure) }));
    } finally {
      setFilling(false);
    }
  }

  const empty = saved !== undefined && saved.length === 0;
  return (
    <>
      <Form.Item
        label={t.picker}
        extra={current ? fill(t.pickerUsing, { name: current.Name }) : undefined}
      >
        <Select
          aria-label={t.picker}
          data-testid="saved-proxy-picker"
          showSearch={{ optionFilterProp: 'label' }}
          loading={saved === undefined || filling}
          disabled={empty}
          placeholder={empty ? t.pickerEmpty : t.pickerPlaceholder}
          value={current?.Proxy_ID}
          onChange={(id: string) => void pick(id)}
          options={(saved ?? []).map((p) => ({
            value: p.Proxy_ID,
            label: `${p.Name} · ${p.Proxy_Type} ${p.Proxy_Ip}:${p.Proxy_Port}`,
          }))}
          style={{ maxWidth: 480 }}
        />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
    </>
  );
}
