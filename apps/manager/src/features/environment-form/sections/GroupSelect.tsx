/**
 * The form's Group field: the account's groups, searchable; a typed name that is no group yet is
 * offered as "Create group “X”", which creates it (group/create) and selects it, so the
 * environment is saved in it (a name that is no group would otherwise be refused or fall back
 * to "default").
 */
import { App, Select } from 'antd';
import { DEFAULT_GROUP_NAME, format, GROUP_NAME_MAX } from '@hainiao/contract';
import { useState } from 'react';
import { createGroup, groupLabel, useGroups } from '../../../shared/groups.ts';
import { useLang } from '../../../shared/lang.tsx';
import { errorText } from '../../../shared/ui/errors.ts';
import type { FormCopy } from '../locales.ts';

/** The value of the "create" option: a prefix no typed name starts with, then the name. */
const CREATE = '\u0000create:';

interface Option {
  value: string;
  label: string;
}

export function GroupSelect(props: {
  copy: FormCopy;
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
}) {
  const { copy, value, onChange, id } = props;
  const { message } = App.useApp();
  const lang = useLang();
  const { groups, reload } = useGroups();
  const [search, setSearch] = useState('');
  const [busy, setBusy] = useState(false);
  const typed = search.trim();
  // The selected name shows even before the list is reloaded after its creation.
  const known = value && !groups.includes(value) ? [...groups, value] : groups;
  // The default group's shown name ("Default", "默认分组") finds it rather than making a twin.
  const defaultLabel = groupLabel(DEFAULT_GROUP_NAME, lang);
  const offer =
    typed !== '' &&
    typed.length <= GROUP_NAME_MAX &&
    !known.includes(typed) &&
    typed.toLowerCase() !== defaultLabel.toLowerCase();
  const options: Option[] = [
    ...known.map((group) => ({ value: group, label: groupLabel(group, lang) })),
    ...(offer ? [{ value: CREATE + typed, label: format(copy.groupCreate, { name: typed }) }] : []),
  ];

  const select = async (next: string | undefined) => {
    if (next === undefined || !next.startsWith(CREATE)) {
      onChange?.(next);
      return;
    }
    setBusy(true);
    try {
      const name = await createGroup(next.slice(CREATE.length));
      setSearch('');
      onChange?.(name);
      reload();
      void message.success(format(copy.groupCreated, { name }));
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Select<string, Option>
      id={id}
      allowClear
      loading={busy}
      disabled={busy}
      value={value}
      placeholder={defaultLabel}
      options={options}
      onChange={(next) => void select(next)}
      showSearch={{
        searchValue: search,
        onSearch: setSearch,
        // The create option always shows; the groups by the typed text (name or shown name), in
        // any case.
        filterOption: (input, option) =>
          Boolean(
            option &&
            (option.value.startsWith(CREATE) ||
              [option.value, option.label].some((text) =>
                text.toLowerCase().includes(input.trim().toLowerCase()),
              )),
          ),
      }}
    />
  );
}
