import { Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMenu } from '../../ui/stores';
import type { FlatMenuItem } from '../../domain/menu/menu-types';
import { createMenuSearch, type SearchableItem } from '../menu/search';

/** The searchable entries: visible pages, titled in the current language with their groups ("生产 / 订单"). */
export function searchItems(flat: readonly FlatMenuItem[], t: (key: string) => string): SearchableItem[] {
  return flat.filter(i => !i.hidden && !i.path.includes(':'))
    .map(i => ({ path: i.path, title: [...i.parents, i.title].map(k => t(k)).join(' / ') }));
}

export interface HeaderSearchProps {
  /** Width of the input. */
  w?: number | string;
}

/**
 * The header search (spec §2, §9): fuzzy over the translated titles of the visible menu entries (title 0.7, path 0.3,
 * threshold 0.4, via searchMenu's options); choosing an entry opens it.
 */
export function HeaderSearch({ w = 200 }: HeaderSearchProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const flat = useMenu(s => s.flat);
  const [query, setQuery] = useState('');
  // Rebuilt when the menu or the language changes: the titles searched are the ones the user reads.
  const lang = i18n.language;
  const items = useMemo(() => searchItems(flat, k => t(k, { lng: lang })), [flat, t, lang]);
  const search = useMemo(() => createMenuSearch(items), [items]);
  const data = useMemo<ComboboxItem[]>(() => items.map(i => ({ value: i.path, label: i.title })), [items]);

  // The options in the search's order, best first; nothing before the user types (the full menu is the sidebar).
  const filter: OptionsFilter = ({ options, search: q }) => {
    const byPath = new Map(options.flatMap(o => ('value' in o ? [[String(o.value), o] as const] : [])));
    return search(q).flatMap(hit => byPath.get(hit.path) ?? []);
  };

  return (
    <Select
      w={w}
      size="xs"
      searchable
      value={null}
      data={data}
      filter={filter}
      limit={20}
      searchValue={query}
      onSearchChange={setQuery}
      onChange={path => {
        setQuery('');
        if (path) navigate(path);
      }}
      placeholder={t('shell.search.placeholder')}
      aria-label={t('shell.search.label')}
      data-testid="header-search"
      nothingFoundMessage={query.trim() ? t('shell.search.nothing') : undefined}
      leftSection={<IconSearch size={14} />}
      rightSection={<span />}
      withCheckIcon={false}
      maxDropdownHeight={360}
      comboboxProps={{ width: 320, position: 'bottom-end' }}
    />
  );
}
