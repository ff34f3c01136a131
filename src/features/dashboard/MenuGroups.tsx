import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../ui/menu/icons';
import type { DashboardGroup } from './groups';

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
            {g.items.map(i => (
              <UnstyledButton key={i.path} onClick={() => onOpen(i.path)} data-path={i.path}>
                <Card withBorder padding="sm" h="100%">
                  <Stack align="center" gap={6}>
                    {/* A colour set by the server (config menu_colors) wins over the theme's. */}
                    <ThemeIcon variant="light" size="xl" color={i.color}><MenuIcon name={i.icon} size={24} /></ThemeIcon>
                    <Text size="sm" ta="center">{t(i.title)}</Text>
                  </Stack>
                </Card>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </section>
      ))}
    </Stack>
  );
}
