import { Card, Group, Loader, SimpleGrid, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../ui/menu/icons';
import type { VisibleStat } from './stats';
import type { Counts } from './use-stats';

interface Props {
  stats: readonly VisibleStat[];
  counts: Counts;
  onOpen(path: string): void;
}

/** Live totals; each card opens the list it counts. */
export function StatCards({ stats, counts, onOpen }: Props) {
  const { t, i18n } = useTranslation();
  if (stats.length === 0) return null;
  const fmt = new Intl.NumberFormat(i18n.language);
  return (
    <section aria-labelledby="dashboard-stats">
      <Title order={4} id="dashboard-stats" mb="sm">{t('dashboard.stats_title')}</Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {stats.map(s => {
          const c = counts[s.key];
          return (
            <UnstyledButton key={s.key} onClick={() => onOpen(s.to)} data-testid={`stat-${s.key}`}>
              <Card withBorder padding="sm" h="100%">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon variant="light" color={s.color} size="lg"><MenuIcon name={s.icon} size={20} /></ThemeIcon>
                  <div>
                    <Text size="xs" c="dimmed">{t(`dashboard.stats.${s.key}`)}</Text>
                    {c === undefined ? <Loader size="xs" mt={4} />
                      : c === 'error' ? <Text size="sm" c="red" title={t('dashboard.count_failed')}>—</Text>
                        : <Text fw={700} size="xl" data-testid={`stat-${s.key}-value`}>{fmt.format(c)}</Text>}
                  </div>
                </Group>
              </Card>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
