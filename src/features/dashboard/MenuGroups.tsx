import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../ui/menu/icons';
import type { DashboardGroup, DashboardItem } from './groups';

interface Props {
  groups: readonly DashboardGroup[];
  onOpen(path: string): void;
}

/** The function map: each group of the role's menu with its pages as cards. */
export function MenuGroups({ groups, onOpen }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      {groups.map(g => (
        <section key={g.path} aria-label={t(g.title)} data-testid={`group-${g.path}`}>
          <Group gap="xs" mb="xs">
            <MenuIcon name={g.icon} size={20} />
            <Title order={5}>{t(g.title)}</Title>
          </Group>
          <SimpleGrid minColWidth={132} spacing="sm">
            {g.items.map(i => <Tile key={i.path} item={i} onOpen={onOpen} />)}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}

/**
 * Greyed like the sidebar's coming entries (Sidebar.tsx): a grey icon, dimmed text (AA in both schemes) and a dashed
 * border, not an opacity, which left the title at 2.2:1.
 */
const COMING_STYLE = { borderStyle: 'dashed' } as const;

/**
 * A page's card. A page still to come is greyed, marked `data-coming`, and says so on hover and to a screen reader;
 * it still opens, on the pending notice that names what it will be.
 */
function Tile({ item: i, onOpen }: { item: DashboardItem; onOpen(path: string): void }) {
  const { t } = useTranslation();
  const title = t(i.title);
  const tile = (
    <UnstyledButton onClick={() => onOpen(i.path)} data-path={i.path} data-coming={i.coming || undefined}
      aria-label={i.coming ? `${title} — ${t('pages.pending_title')}` : undefined}>
      <Card withBorder padding="sm" h="100%" style={i.coming ? COMING_STYLE : undefined}>
        <Stack align="center" gap={6}>
          {/* A colour set by the server (config menu_colors) wins over the theme's; a coming page is grey. */}
          <ThemeIcon variant="light" size="xl" color={i.coming ? 'gray' : i.color}><MenuIcon name={i.icon} size={24} /></ThemeIcon>
          <Text size="sm" ta="center" c={i.coming ? 'dimmed' : undefined}>{title}</Text>
        </Stack>
      </Card>
    </UnstyledButton>
  );
  return i.coming ? <Tooltip label={t('pages.pending_title')} openDelay={200}>{tile}</Tooltip> : tile;
}
