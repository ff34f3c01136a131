import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { findMenuItem } from '../../domain/menu/flatten';
import { useMenu } from '../../ui/stores';
import type { FlatMenuItem } from '../../domain/menu/menu-types';
import { DASHBOARD_PATH, DASHBOARD_TITLE } from '../tabs/tabs-store';

export interface Crumb {
  /** i18n key. */
  title: string;
  /** Link target; the last crumb and the groups have none. */
  to?: string;
}

/**
 * The breadcrumb of a location (spec §2): always 控制台 → /dashboard first, then the entry's groups, then the entry;
 * an edit/create page shows its list (linked) before its own title. Groups titled like the first crumb (the console
 * group the dashboard lives in) are not repeated.
 */
export function crumbsOf(flat: readonly FlatMenuItem[], pathname: string, same: (a: string, b: string) => boolean = (a, b) => a === b): Crumb[] {
  const root: Crumb = { title: DASHBOARD_TITLE, to: DASHBOARD_PATH };
  const item = findMenuItem(flat, pathname);
  if (!item || item.path === DASHBOARD_PATH) return [root];
  const crumbs: Crumb[] = [root, ...item.parents.filter(p => !same(p, DASHBOARD_TITLE)).map(p => ({ title: p }))];
  const list = item.hidden && item.activeMenu ? flat.find(i => i.path === item.activeMenu && i !== item) : undefined;
  if (list && list.path !== DASHBOARD_PATH) crumbs.push({ title: list.title, to: list.path });
  crumbs.push({ title: item.title });
  return crumbs;
}

export function Breadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const flat = useMenu(s => s.flat);
  const crumbs = useMemo(() => crumbsOf(flat, pathname, (a, b) => t(a) === t(b)), [flat, pathname, t]);
  return (
    <Breadcrumbs aria-label={t('shell.breadcrumb')} separator="/" separatorMargin={6} style={{ flexWrap: 'nowrap', overflow: 'hidden' }}>
      {crumbs.map((c, i) => (c.to && i < crumbs.length - 1
        ? <Anchor key={i} component={Link} to={c.to} size="sm">{t(c.title)}</Anchor>
        : <Text key={i} size="sm" c={i === crumbs.length - 1 ? undefined : 'dimmed'} aria-current={i === crumbs.length - 1 ? 'page' : undefined} truncate>{t(c.title)}</Text>))}
    </Breadcrumbs>
  );
}
