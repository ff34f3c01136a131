import { Combobox, InputBase, Loader, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListRow } from '../../domain/contract/rows';
import type { ResourceDef } from '../../domain/registry/resource';
import { REF_PAGE_SIZE, REF_SEARCH_DEBOUNCE_MS } from '../../resources/form/controls/use-ref-options';
import { useResourceList } from '../../ui/data/use-resource';

export interface RowSelectProps<R extends ResourceDef> {
  def: R;
  value: number | null;
  /** The current value's display text. */
  valueLabel: string;
  /** The text of a row in the list and, once picked, in the cell. */
  labelOf: (row: ListRow<R>) => string;
  /** The whole picked row (its units, rates, workflow …). */
  onPick: (row: ListRow<R>) => void;
  ariaLabel: string;
  disabled?: boolean;
  error?: string;
  testId: string;
  /** Attributes of the input (its place in the grid). */
  cellProps?: Record<string, string | number>;
  /** A row was picked with Enter: the grid moves on from this cell, as Enter does in every other cell. */
  onEnterPicked?: (cell: HTMLElement) => void;
}

/**
 * A grid cell choosing a row of `def` by keyword: the server searches the resource's `search` fields, so a code
 * finds its item. Unlike the form's reference picker it hands back the whole row, so a line can take its defaults
 * from the item.
 *
 * Keyboard first: typing opens the list; once the matches arrive the first is highlighted, so Enter (or leaving the
 * cell with Tab) takes it without reaching for the arrows, and Enter moves on to the next cell (`onEnterPicked`): the
 * quantity typed next goes into the quantity. Leaving without a match keeps the value the cell had. A cell that
 * already has a row is never changed by typing alone (issue 30: a quantity typed into the item cell once swapped the
 * line's item): no match is highlighted there, so only a match chosen with the arrows or the pointer replaces it.
 * Nothing loads until the list opens.
 */
export function RowSelect<R extends ResourceDef>(p: RowSelectProps<R>) {
  const { t } = useTranslation();
  const combobox = useCombobox();
  // What is being typed; null while the cell shows its value.
  const [search, setSearch] = useState<string | null>(null);
  const [debounced] = useDebouncedValue((search ?? '').trim(), REF_SEARCH_DEBOUNCE_MS);
  const opened = combobox.dropdownOpened;
  const list = useResourceList(p.def, { limit: REF_PAGE_SIZE, keyword: debounced }, { enabled: opened, staleTime: 30_000, keepPrevious: true });
  const rows = list.data?.dt;
  const byId = useMemo(() => new Map((rows ?? []).map(r => [String(r.id), r])), [rows]);
  const typed = search !== null && search.trim() !== '';
  const current = typed && debounced === search.trim() && !list.isPlaceholderData;

  const chosen = p.value != null;
  // The matches of what was typed have arrived: highlight the first (a store call, not React state) — in an empty
  // cell only: a chosen row is replaced by a visible choice, never by the first match of a stray keystroke.
  useEffect(() => {
    if (!current) return;
    // In a chosen cell a highlight left from an earlier pick would be taken by Enter: new matches start unchosen.
    if (chosen) combobox.resetSelectedOption();
    else if (byId.size > 0) combobox.selectFirstOption();
  }, [current, byId, combobox, chosen]);

  const input = useRef<HTMLInputElement>(null);
  // Whether the option about to be submitted was taken with Enter (not the pointer).
  const byEnter = useRef(false);
  const take = (id: string) => {
    const row = byId.get(id);
    if (row) p.onPick(row);
    setSearch(null);
    combobox.closeDropdown();
    const cell = input.current;
    // Once the cell shows the pick (the keystroke's render is done), Enter's move to the next cell.
    if (byEnter.current && row && cell && p.onEnterPicked) setTimeout(() => p.onEnterPicked?.(cell), 0);
    byEnter.current = false;
  };

  return (
    <Combobox store={combobox} onOptionSubmit={take} withinPortal>
      <Combobox.Target withExpandedAttribute>
        <InputBase size="xs" aria-label={p.ariaLabel} error={p.error} disabled={p.disabled} autoComplete="off"
          value={search ?? p.valueLabel} placeholder={t('orders.search_placeholder')}
          onChange={e => { setSearch(e.currentTarget.value); if (chosen) combobox.resetSelectedOption(); combobox.openDropdown(); }}
          onClick={() => combobox.openDropdown()}
          ref={input}
          onKeyDown={e => { byEnter.current = e.key === 'Enter'; if (e.key === 'Escape') setSearch(null); }}
          onBlur={() => {
            // Leaving a cell after typing takes the highlighted match, as Enter would.
            if (typed && current && combobox.getSelectedOptionIndex() !== -1) combobox.clickSelectedOption();
            setSearch(null);
            combobox.closeDropdown();
          }}
          rightSection={list.isFetching && opened ? <Loader size="xs" /> : <Combobox.Chevron />} rightSectionPointerEvents="none"
          data-testid={p.testId} {...p.cellProps} />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={260} style={{ overflowY: 'auto' }}>
          {[...byId.entries()].map(([id, row]) => (
            <Combobox.Option value={id} key={id} active={id === String(p.value)}>{p.labelOf(row)}</Combobox.Option>
          ))}
          {byId.size === 0 && (
            <Combobox.Empty>{list.isFetching ? <Loader size="xs" /> : t('forms.ref_nothing_found')}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
