import { Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PrintSheet } from '../../domain/contract/prints';
import { sheetUrl } from './print-frame';

/**
 * The sheets of a preview as the server renders them (each sheet's `print_url`, a signed link that works without a
 * login for a few minutes), one frame per sheet, with its name and page size. Nothing is logged. The card labels'
 * words by default; a screen printing other sheets (delivery notes) names its own title and page-size text.
 */
export function PrintPreview({ sheets, baseURL, onClose, title, sizeText }: {
  sheets: readonly PrintSheet[]; baseURL: string; onClose: () => void; title?: string; sizeText?: (s: PrintSheet) => string;
}) {
  const { t } = useTranslation();
  const size = sizeText ?? ((s: PrintSheet) => t('prints.label_size', { width: s.width_mm, height: s.height_mm }));
  return (
    <Modal opened onClose={onClose} size="xl" title={title ?? t('prints.preview_title')} data-testid="print-preview">
      <Stack gap="md">
        {sheets.length === 0 && <Text c="dimmed" size="sm">{t('prints.nothing')}</Text>}
        {sheets.map(s => (
          <Stack key={`${s.id}:${s.print_url}`} gap={4}>
            <Text size="sm" fw={600}>
              {s.name} <Text span size="xs" c="dimmed">{size(s)}</Text>
            </Text>
            <iframe src={sheetUrl(s.print_url, baseURL)} title={s.name} data-testid="print-preview-frame"
              style={{ width: '100%', height: '70vh', border: '1px solid var(--mantine-color-gray-3)', background: 'white' }} />
          </Stack>
        ))}
      </Stack>
    </Modal>
  );
}
