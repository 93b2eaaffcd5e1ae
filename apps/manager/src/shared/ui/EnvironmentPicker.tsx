/**
 * Picks environments by name: listid with the typed name (debounced, as listid is rate-limited),
 * named through id_container's brief lines.
 */
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../api.ts';
import { useCopy } from '../lang.tsx';

interface Option {
  value: string;
  label: string;
}

const copy = {
  en: { placeholder: 'Type to find an environment', none: 'No environment found' },
  zh: { placeholder: '输入名称查找环境', none: '没有找到环境' },
};

const PICK_LIMIT = 30;

export function EnvironmentPicker<M extends boolean = false>(props: {
  multiple?: M;
  value: M extends true ? string[] : string | undefined;
  onChange(value: M extends true ? string[] : string | undefined): void;
  ariaLabel: string;
}) {
  const t = useCopy(copy);
  const [query, setQuery] = useState('');
  const [options, setOptions] = useState<Option[]>([]);
  const [known, setKnown] = useState<ReadonlyMap<string, string>>(new Map());
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      setLoading(true);
      (async () => {
        const { listid } = await call('/api/v1/session/listid', {
          ...(query.trim() ? { Session_Name: query.trim() } : {}),
          ListNum: PICK_LIMIT,
        });
        if (!listid.length) return [];
        const { listcontainer } = await call('/api/v1/session/id_container', {
          Session_ID: listid,
          Session_container_type: 2,
        });
        return (
          listcontainer
            // Found ones: an unknown id answers its id and -22 only.
            .filter((entry) => 'Session_Name' in entry)
            .map((entry) => ({
              value: entry.Session_ID,
              label: entry.Session_Name || entry.Session_ID,
            }))
        );
      })()
        .then((found) => {
          if (!live) return;
          setOptions(found);
          setKnown(
            (current) => new Map([...current, ...found.map((o) => [o.value, o.label] as const)]),
          );
        })
        .catch(() => live && setOptions([]))
        .finally(() => live && setLoading(false));
    }, 350);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query]);

  // Chosen environments stay named even when the current search no longer lists them.
  const chosen = (
    Array.isArray(props.value) ? props.value : props.value ? [props.value] : []
  ) as string[];
  const merged = [
    ...options,
    ...chosen
      .filter((id) => !options.some((o) => o.value === id))
      .map((id) => ({ value: id, label: known.get(id) ?? id })),
  ];

  return (
    <Select
      mode={props.multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setQuery }}
      allowClear
      loading={loading}
      aria-label={props.ariaLabel}
      placeholder={t.placeholder}
      notFoundContent={loading ? null : t.none}
      style={{ width: '100%' }}
      value={props.value as never}
      onChange={(value) => props.onChange(value as never)}
      options={merged}
    />
  );
}
