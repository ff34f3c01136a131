import { Loader, Select } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RefField } from '../../../domain/registry/fields';
import { resourceByName } from '../../../domain/resources/all';
import type { ControlProps } from './control-props';
import { useRefOptions, type RefOption } from './use-ref-options';

export interface RefSelectProps extends ControlProps<number | null, RefField> {
  /** The current value's display name (`<field>_name` of the row), shown before any option has loaded. */
  valueLabel?: string;
  /** Called with the picked row's display name, so the form keeps it. */
  onLabel?: (id: number, label: string) => void;
}

/**
 * A reference as a searchable select over the referenced resource (see useRefOptions). The server does the
 * searching, so the select does not filter its options again; while the search box still shows the current
 * value's name, nothing is searched and the first 50 rows are offered.
 */
export function RefSelect(p: RefSelectProps) {
  const { t } = useTranslation();
  const target = resourceByName(p.field.to);
  if (!target) throw new Error(`${p.def.name}.${p.name}: unknown resource ${p.field.to}`);
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const selectedLabel = p.value === null ? '' : p.valueLabel ?? `#${p.value}`;
  const keyword = search === selectedLabel ? '' : search;
  const { options, loading, settled } = useRefOptions(target, keyword, opened);
  const data = useMemo<RefOption[]>(() => {
    if (p.value === null || options.some(o => o.value === p.value)) return options;
    return [{ value: p.value, label: selectedLabel }, ...options];
  }, [options, p.value, selectedLabel]);
  return (
    <Select<number> label={p.label} withAsterisk={p.required} error={p.error} disabled={p.disabled}
      searchable data={data} value={p.value} searchValue={search} onSearchChange={setSearch}
      filter={({ options: all }) => all}
      onChange={(v, option) => {
        if (v !== null && option) p.onLabel?.(v, option.label);
        p.onChange(v);
      }}
      onDropdownOpen={() => setOpened(true)} onDropdownClose={() => setOpened(false)}
      onKeyDown={e => {
        // Enter with exactly one match of what was typed picks it (issue 30: the customer picker needed the arrows);
        // never a match of an earlier search still on screen.
        if (e.key !== 'Enter' || keyword.trim() === '' || !settled || options.length !== 1) return;
        const only = options[0]!;
        e.preventDefault();
        p.onLabel?.(only.value, only.label);
        p.onChange(only.value);
        setSearch(only.label);
      }}
      clearable={!p.required} allowDeselect={false} placeholder={t('forms.ref_search')}
      nothingFoundMessage={loading ? <Loader size="xs" /> : t('forms.ref_nothing_found')}
      rightSection={loading && opened ? <Loader size="xs" /> : undefined}
      data-testid={p.testId} />
  );
}
