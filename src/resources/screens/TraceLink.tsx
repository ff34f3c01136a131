import { Button } from '@mantine/core';
import { IconTimeline } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TRACE_PAGE, traceStartOfRow, tracePath } from '../../domain/rules/trace';
import { useMenu } from '../../ui/stores';
import type { Row } from '../form/form-values';

/**
 * The way from a row to its trace (docs/delivery.md "Traceability"): on the page of a delivery line, a delivery, a
 * package, a card, an order line, a place of stock or a ledger row (src/domain/rules/trace.ts `traceStartOfRow`), for a
 * role whose menu holds the trace screen. Nothing for other rows.
 */
export function TraceLink({ resource, row }: { resource: string; row: Row }) {
  const { t } = useTranslation();
  const mayTrace = useMenu(s => s.loaded && s.flat.some(i => i.path === TRACE_PAGE));
  const start = traceStartOfRow(resource, row);
  if (!start || !mayTrace) return null;
  return (
    <Button component={Link} to={tracePath(start)} variant="default" size="xs" leftSection={<IconTimeline size={14} />}
      data-testid="trace-open">
      {t('finishedviews.open_trace')}
    </Button>
  );
}
