import { Badge, Select, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fieldLabel } from '../../domain/i18n/resource-labels';
import type { Lang } from '../../domain/messages/catalog';
import { importFields } from '../../domain/registry/import-cells';
import type { ResourceDef } from '../../domain/registry/resource';
import type { ColumnMapping } from './map-columns';

export interface ImportMappingProps {
  res: ResourceDef;
  lang: Lang;
  headers: readonly string[];
  /** An example value per column (the first non-empty cell below the header). */
  samples: readonly string[];
  mapping: ColumnMapping;
  onChange(mapping: ColumnMapping): void;
  disabled?: boolean;
}

/** Select value of "not imported" (field names are snake_case, so it cannot collide). */
const IGNORE = '-';

/**
 * The column mapping: each column of the file, an example, and the field it feeds (editable). Choosing a field that
 * another column feeds takes it from that column: a field is fed by one column.
 */
export function ImportMapping({ res, lang, headers, samples, mapping, onChange, disabled }: ImportMappingProps) {
  const { t } = useTranslation();
  const keys = new Set(res.naturalKey ?? []);
  const options = [
    { value: IGNORE, label: t('importexport.ignore') },
    ...importFields(res).map(([name, f]) => ({
      value: name,
      label: `${fieldLabel(lang, res.name, name)}${keys.has(name) || f.required ? ' *' : ''}`,
    })),
  ];
  const pick = (col: number, value: string | null) => {
    const field = !value || value === IGNORE ? null : value;
    onChange(mapping.map((f, i) => (i === col ? field : f === field ? null : f)));
  };
  return (
    <Table withTableBorder striped verticalSpacing={4} data-testid="import-mapping">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('importexport.col_header')}</Table.Th>
          <Table.Th>{t('importexport.col_sample')}</Table.Th>
          <Table.Th w={280}>{t('importexport.col_field')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {headers.map((h, i) => (
          <Table.Tr key={i}>
            <Table.Td>{h || <Badge variant="light" color="gray">{i + 1}</Badge>}</Table.Td>
            <Table.Td><Text size="sm" c="dimmed" lineClamp={1}>{samples[i] ?? ''}</Text></Table.Td>
            <Table.Td>
              <Select size="xs" data={options} value={mapping[i] ?? IGNORE} onChange={v => pick(i, v)} allowDeselect={false}
                disabled={disabled} aria-label={h} data-testid={`import-map-${i}`} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
