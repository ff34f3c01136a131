import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Page sizes a list paged by the server offers (spec §9: works and customers lists default to 50). */
export const PAGE_SIZES = [50, 100, 200, 500, 1000] as const;

export interface PagerProps {
  page: number;
  pageSize: number;
  /** Rows of the whole filtered list. */
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** The pager under a list paged by the server: page buttons, page size, and the count of the filtered list. */
export function Pager({ page, pageSize, total, onPage, onPageSize }: PagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Group gap="sm" justify="flex-end" data-testid="pager">
      <Text size="xs" c="dimmed">{t('grid.row_count', { count: total })}</Text>
      {/* The arrows have no text: each is named by what it does. */}
      <Pagination size="sm" total={pages} value={Math.min(page, pages)} onChange={onPage} siblings={1} boundaries={1}
        getControlProps={control => ({ 'aria-label': t(`grid.page_${control}`) })} />
      <Select size="xs" w={110} allowDeselect={false} aria-label={t('grid.page_size')}
        data={PAGE_SIZES.map(n => ({ value: String(n), label: t('grid.per_page', { count: n }) }))}
        value={String(pageSize)} onChange={v => v && onPageSize(Number(v))} data-testid="pager-size" />
    </Group>
  );
}
