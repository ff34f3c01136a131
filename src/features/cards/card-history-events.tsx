import { Badge, Group, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatForReading } from '../../domain/rules/numbers';
import type { HistoryEvent } from '../../resources/form/history/HistoryList';
import { isoToLocal } from '../../resources/form/form-values';
import type { ListRow } from '../../resources/list/list-columns';
import { useReaderLang } from '../../ui/use-reader-lang';
import { cardStepEvents, type CardStepKind } from './card-steps';

const COLORS: Record<CardStepKind, string> = { started: 'blue', finished: 'green', skipped: 'yellow' };

/**
 * A card's steps at its work nodes as events of its history (issue 30 item 13: the history showed only the card's
 * creation): each start and finish with the node, who, when, on which machine, and the good and bad quantities.
 */
export function useCardHistoryEvents(nodes: readonly ListRow[]): HistoryEvent[] {
  const { t } = useTranslation();
  const lang = useReaderLang();
  return useMemo(() => {
    const label = (f: string) => t(`resources.cardnodes.fields.${f}`);
    return cardStepEvents(nodes).map(e => ({
      key: e.key,
      at: e.at,
      title: (
        <Group gap="xs" data-testid="card-step" data-kind={e.kind}>
          <Badge variant="light" color={COLORS[e.kind]}>{t(`cards.steps.${e.kind}`)}</Badge>
          <Text size="sm" fw={600}>{e.node}</Text>
          {e.person && <Text size="sm">{e.person}</Text>}
          <Text size="xs" c="dimmed">{isoToLocal(e.at)}</Text>
        </Group>
      ),
      body: (e.device || e.good !== null || e.bad !== null) ? (
        <Group gap="md">
          {e.device && <Text size="xs"><Text span c="dimmed">{label('device_id')}: </Text>{e.device}</Text>}
          {e.good !== null && <Text size="xs"><Text span c="dimmed">{label('good_quantity')}: </Text>{formatForReading(e.good, lang, 4)}</Text>}
          {e.bad !== null && <Text size="xs"><Text span c="dimmed">{label('bad_quantity')}: </Text>{formatForReading(e.bad, lang, 4)}</Text>}
        </Group>
      ) : undefined,
    }));
  }, [nodes, t, lang]);
}
