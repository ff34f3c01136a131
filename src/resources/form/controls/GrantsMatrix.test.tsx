// @vitest-environment jsdom
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Grants } from '../../../domain/contract/permissions';
import { roles } from '../../../domain/resources/system/roles';
import { initI18n } from '../../../i18n/react';
import { byTestId, click, mustFind, renderUi, setupDom, typeInto, type Rendered } from '../test-utils';
import { GrantsMatrix } from './GrantsMatrix';

beforeAll(async () => {
  setupDom();
  await initI18n('zh');
});

let ui: Rendered | undefined;
afterEach(() => {
  ui?.unmount();
  ui = undefined;
});

/** The matrix inside a parent that keeps its value, as the form does; `seen` records every value it reports. */
async function renderMatrix(initial: Grants, extra: { allActions?: boolean; disabled?: boolean } = {}) {
  const seen = vi.fn<(g: Grants) => void>();
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <GrantsMatrix def={roles} name="grants" field={roles.fields.grants} label="操作权限" required={false}
        disabled={!!extra.disabled} value={value} testId="field-grants" allActions={extra.allActions}
        onChange={g => { seen(g); setValue(g); }} />
    );
  }
  ui = await renderUi(<Host />);
  return seen;
}

const box = (id: string) => mustFind<HTMLInputElement>(id);
const last = (seen: ReturnType<typeof vi.fn<(g: Grants) => void>>) => seen.mock.calls[seen.mock.calls.length - 1]![0];

describe('GrantsMatrix', () => {
  it('shows a row per resource with a cell per action it has, ticked as granted', async () => {
    await renderMatrix({ items: { actions: ['view', 'edit'] } });
    expect(box('grant-items-view').checked).toBe(true);
    expect(box('grant-items-edit').checked).toBe(true);
    expect(box('grant-items-delete').checked).toBe(false);
    expect(box('grant-items-all').indeterminate).toBe(true);
    // No import without a natural key; special actions and "own rows only" only where declared.
    expect(byTestId('grant-favmenus-import')).toBeNull();
    expect(byTestId('grant-devices-status')).not.toBeNull();
    expect(byTestId('grant-items-status')).toBeNull();
    expect(byTestId('grant-customers-own')).not.toBeNull();
    expect(byTestId('grant-items-own')).toBeNull();
    expect(mustFind('field-grants-count').textContent).toContain('1');
  });

  it('ticks view with an action, limits a scoped resource to own rows, and clears a row with view', async () => {
    const seen = await renderMatrix({});
    await click(box('grant-customers-edit'));
    expect(last(seen)).toEqual({ customers: { actions: ['view', 'edit'] } });
    expect(box('grant-customers-view').checked).toBe(true);
    await click(box('grant-customers-own'));
    expect(last(seen)).toEqual({ customers: { actions: ['view', 'edit'], scope: 'own' } });
    await click(box('grant-devices-status'));
    expect(last(seen)).toEqual({ customers: { actions: ['view', 'edit'], scope: 'own' }, devices: { actions: ['view', 'status'] } });
    await click(box('grant-customers-view'));
    expect(last(seen)).toEqual({ devices: { actions: ['view', 'status'] } });
    await click(box('grant-devices-all'));
    expect(last(seen).devices!.actions).toEqual(['view', 'create', 'edit', 'delete', 'import', 'export', 'status', 'arrange']);
  });

  it('narrows the rows by a filter, says an administrator needs nothing ticked, and does not edit when disabled', async () => {
    const seen = await renderMatrix({}, { allActions: true, disabled: true });
    expect(mustFind('field-grants').textContent).toContain('超级管理员拥有全部操作权限');
    await typeInto(mustFind('field-grants').querySelector('input[aria-label="筛选资源"]')!, '客户');
    expect(byTestId('grant-customers-row')).not.toBeNull();
    expect(byTestId('grant-items-row')).toBeNull();
    expect(box('grant-customers-view').disabled).toBe(true);
    await click(box('grant-customers-view'));
    expect(seen).not.toHaveBeenCalled();
  });
});
