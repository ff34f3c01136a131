import { ActionIcon, Button, Checkbox, Group, NumberInput, Popover, Stack, TextInput } from '@mantine/core';
import { IconFilter, IconFilterFilled } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeCalendar } from './DateRangeFilter';
import { filterTypeOf, isActiveFilter } from './grid-model';
import type { ColumnFilterValue, GridColumn } from './types';

/** Typing waits this long before 100 000 rows are filtered again. */
const TYPING_DEBOUNCE_MS = 250;

interface EditorProps<Row> {
  column: GridColumn<Row>;
  value: ColumnFilterValue | undefined;
  onChange: (v: ColumnFilterValue | undefined) => void;
  /** The values present in the column, for a pick list when an enum declares no options. */
  distinctValues: () => string[];
}

function TextFilter({ value, onChange }: Pick<EditorProps<unknown>, 'value' | 'onChange'>) {
  const { t } = useTranslation();
  const applied = value?.type === 'text' ? value.contains : '';
  const [text, setText] = useState(applied);
  const [now, setNow] = useState(false);
  const apply = useEffectEvent((contains: string) => { if (contains !== applied) onChange({ type: 'text', contains }); });
  // Typing applies after a pause, Enter at once; unmounting (the popover closing, or Clear) cancels a pending apply.
  useEffect(() => {
    const timer = setTimeout(() => apply(text), now ? 0 : TYPING_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, now]);
  return (
    <TextInput
      size="xs"
      autoFocus
      placeholder={t('grid.contains')}
      value={text}
      onChange={e => { setText(e.currentTarget.value); setNow(false); }}
      onKeyDown={e => { if (e.key === 'Enter') setNow(true); }}
    />
  );
}

function RangeFilter({ value, onChange }: Pick<EditorProps<unknown>, 'value' | 'onChange'>) {
  const { t } = useTranslation();
  const range = value?.type === 'range' ? value : { type: 'range' as const, min: null, max: null };
  const num = (v: string | number) => (v === '' || typeof v !== 'number' ? null : v);
  return (
    <Group gap="xs" wrap="nowrap">
      <NumberInput size="xs" w={110} placeholder={t('grid.min')} value={range.min ?? ''}
        onChange={v => onChange({ ...range, min: num(v) })} />
      <NumberInput size="xs" w={110} placeholder={t('grid.max')} value={range.max ?? ''}
        onChange={v => onChange({ ...range, max: num(v) })} />
    </Group>
  );
}

function PickFilter<Row>({ column, value, onChange, distinctValues }: EditorProps<Row>) {
  const { t } = useTranslation();
  const options = column.kind === 'bool'
    ? [{ value: 'true', label: t('grid.yes') }, { value: 'false', label: t('grid.no') }]
    : column.options ?? distinctValues().map(v => ({ value: v, label: v }));
  return (
    <Checkbox.Group
      value={value?.type === 'pick' ? [...value.values] : []}
      onChange={values => onChange({ type: 'pick', values })}
    >
      <Stack gap={6} mah={260} style={{ overflowY: 'auto' }}>
        {options.map(o => <Checkbox key={o.value} size="xs" value={o.value} label={o.label} />)}
      </Stack>
    </Checkbox.Group>
  );
}

/** The filter editor a column's kind calls for: contains, min/max, pick, or a date range. */
function FilterEditor<Row>(props: EditorProps<Row>) {
  const { value, onChange } = props;
  switch (filterTypeOf(props.column.kind)) {
    case 'text': return <TextFilter value={value} onChange={onChange} />;
    case 'range': return <RangeFilter value={value} onChange={onChange} />;
    case 'pick': return <PickFilter {...props} />;
    case 'dates': return (
      <DateRangeCalendar
        value={value?.type === 'dates' ? [value.from, value.to] : [null, null]}
        onChange={([from, to]) => onChange({ type: 'dates', from, to })}
      />
    );
  }
}

/** The filter icon of a column header and its popover. The icon is filled while the column filters. */
export function ColumnFilterButton<Row>(props: EditorProps<Row>) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const active = isActiveFilter(props.value);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" withinPortal>
      <Popover.Target>
        <ActionIcon
          size="xs"
          variant={active ? 'light' : 'subtle'}
          color={active ? undefined : 'gray'}
          aria-label={t('grid.filter')}
          data-testid={`grid-filter-${props.column.id}`}
          onClick={e => { e.stopPropagation(); setOpened(o => !o); }}
        >
          {active ? <IconFilterFilled size={12} /> : <IconFilter size={12} />}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown onClick={e => e.stopPropagation()}>
        <Stack gap="xs">
          {opened && <FilterEditor {...props} />}
          <Group justify="flex-end">
            <Button size="compact-xs" variant="subtle" disabled={!active}
              onClick={() => { props.onChange(undefined); setOpened(false); }}>
              {t('grid.clear')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
