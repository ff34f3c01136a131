import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ListQuery } from '../../domain/contract/list';
import { formcategories } from '../../domain/resources/categories/formcategories';
import { forms } from '../../domain/resources/forms/forms';
import { formtemplates } from '../../domain/resources/forms/formtemplates';
import { formCounts } from '../../data/forms-client';
import { queryKeys } from '../../data/query-keys';
import { useCan } from '../../ui/data/use-permissions';
import { useResourceList } from '../../ui/data/use-resource';

const ALL_CATEGORIES: ListQuery<typeof formcategories> = { limit: -1 };
const CURRENT_TEMPLATES: ListQuery<typeof formtemplates> = {
  limit: -1, filter: [{ field: 'is_current', op: 'eq', value: true }, { field: 'active', op: 'eq', value: true }],
};

/**
 * `/forms/categories` (docs/sales-office.md "Forms"): each form category with its current, active templates, the
 * forms filled today and the flagged ones not reviewed yet (the caller's scope of forms, `GET /forms/counts/`), and the
 * way to its list of forms (`/forms/list/{category_id}`) and, for a role that may create forms, to fill one of its
 * templates (`/forms/create?template_id=`). Categories and templates are kept offline; the counts are
 * the server's last answer.
 */
export default function FormCategories() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const categories = useResourceList(formcategories, ALL_CATEGORIES);
  const templates = useResourceList(formtemplates, CURRENT_TEMPLATES);
  const mayFill = useCan(forms, 'create');
  const counts = useQuery({ queryKey: [...queryKeys.all(forms.api), 'counts'], queryFn: ({ signal }) => formCounts({ signal }) });
  const byCategory = useMemo(() => new Map((counts.data?.dt ?? []).map(c => [c.category_id, c])), [counts.data]);
  const list = categories.data?.dt ?? [];
  return (
    <Stack p="md" data-testid="form-categories">
      {categories.isPending && <Loader size="sm" />}
      {(categories.isError || counts.isError) && <Alert color="red" py={6}>{t('formsheets.load_failed')}</Alert>}
      {categories.isSuccess && list.length === 0 && <Text c="dimmed">{t('formsheets.none')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {list.map(c => {
          const own = (templates.data?.dt ?? []).filter(x => x.category_id === c.id);
          const n = byCategory.get(c.id);
          return (
            <Card key={c.id} withBorder p="md" data-testid={`form-category-${c.id}`}>
              <Group justify="space-between" mb="xs">
                <Title order={5}>{c.name}</Title>
                {(n?.flagged_open ?? 0) > 0 && <Badge color="red" data-testid="flagged-open">{t('formsheets.flagged_open')} {n!.flagged_open}</Badge>}
              </Group>
              <Text size="sm" c="dimmed">{t('formsheets.today')}: {n?.today ?? 0}</Text>
              <Text size="sm" mt="xs" fw={500}>{t('formsheets.templates')}</Text>
              {own.length === 0
                ? <Text size="sm" c="dimmed">{t('formsheets.no_templates')}</Text>
                : own.map(x => (
                  <Group key={x.id} justify="space-between" gap="xs">
                    <Text size="sm">{x.name} <Text span c="dimmed">v{x.version_no ?? 1}</Text></Text>
                    {mayFill && (
                      <Button size="compact-xs" variant="subtle" onClick={() => void navigate(`/forms/create?template_id=${x.id}`)}
                        data-testid={`fill-template-${x.id}`}>{t('formsheets.fill')}</Button>
                    )}
                  </Group>
                ))}
              <Group justify="flex-end" mt="sm">
                <Button size="xs" variant="light" onClick={() => void navigate(`/forms/list/${c.id}`)} data-testid="open-list">
                  {t('formsheets.open_list')}
                </Button>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
