import { Alert, Button, Checkbox, Group, Input, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTE_TREE } from '../../domain/menu/route-tree';
import type { TextsField } from '../../domain/registry/fields';
import type { ControlProps } from './controls/control-props';
import {
  allLeaves, checkState, filterTree, permissionTree, setPaths, unknownPaths, type PermissionNode,
} from './menu-tree';

const TREE = permissionTree(ROUTE_TREE);

export interface MenuTreeEditorProps extends ControlProps<string[], TextsField> {
  /** The role is an administrator: it has every menu whatever is ticked (the tree stays editable). */
  allMenus?: boolean;
}

/**
 * A role's permissions as the menu tree (see menu-tree.ts for what is stored): one card per menu group, a
 * checkbox per page; ticking a group ticks the pages it shows. A filter narrows the tree by title or path.
 */
export function MenuTreeEditor(p: MenuTreeEditorProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const selected = useMemo(() => new Set(p.value), [p.value]);
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    if (!q) return TREE;
    return filterTree(TREE, n => t(n.title).toLowerCase().includes(q) || (n.path ?? '').toLowerCase().includes(q));
  }, [filter, t]);
  const others = unknownPaths(p.value, TREE);
  const tick = (paths: string[], checked: boolean) => p.onChange(setPaths(p.value, TREE, paths, checked));

  const renderNode = (n: PermissionNode, depth: number) => {
    const state = checkState(selected, n);
    const box = (
      <Checkbox key={n.key} label={n.path ? <PageLabel title={t(n.title)} path={n.path} /> : <Text fw={600} size="sm">{t(n.title)}</Text>}
        checked={state === 'all'} indeterminate={state === 'some'} disabled={p.disabled}
        onChange={e => tick(n.leaves, e.currentTarget.checked)} ml={depth * 20}
        data-testid={n.path ? `menu-${n.path}` : `menu-${n.key}`} />
    );
    if (!n.children) return box;
    return <Stack key={n.key} gap={6}>{box}{n.children.map(c => renderNode(c, depth + 1))}</Stack>;
  };

  return (
    <Input.Wrapper label={p.label} withAsterisk={p.required} error={p.error} data-testid={p.testId}>
      <Stack gap="xs" mt={4}>
        {p.allMenus && <Alert color="blue" py="xs">{t('forms.menus_admin_hint')}</Alert>}
        <Group gap="xs">
          <TextInput placeholder={t('forms.menus_filter')} aria-label={t('forms.menus_filter')} value={filter}
            onChange={e => setFilter(e.currentTarget.value)} leftSection={<IconSearch size={14} />} w={240} />
          <Button variant="light" size="xs" disabled={p.disabled} onClick={() => tick(allLeaves(shown), true)}>
            {t('forms.menus_all')}
          </Button>
          <Button variant="subtle" size="xs" disabled={p.disabled} onClick={() => tick(allLeaves(shown), false)}>
            {t('forms.menus_none')}
          </Button>
          <Text size="sm" c="dimmed" data-testid={`${p.testId}-count`}>
            {t('forms.menus_count', { count: p.value.length - others.length })}
          </Text>
        </Group>
        {others.length > 0 && <Text size="xs" c="dimmed">{t('forms.menus_other', { count: others.length })}</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
          {shown.map(n => <Paper key={n.key} withBorder p="xs">{renderNode(n, 0)}</Paper>)}
        </SimpleGrid>
      </Stack>
    </Input.Wrapper>
  );
}

function PageLabel({ title, path }: { title: string; path: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm">{title}</Text>
      <Text size="xs" c="dimmed">{path}</Text>
    </Group>
  );
}
