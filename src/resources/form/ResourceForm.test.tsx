// @vitest-environment jsdom
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../data/notifier';
import { fakeNotifier } from '../../data/test-helpers';
import type { ResourceDef } from '../../domain/registry/resource';
import { RESOURCES } from '../../domain/resources/all';
import { items } from '../../domain/resources/items/items';
import { workflows } from '../../domain/resources/production/workflows';
import { accounts } from '../../domain/resources/system/accounts';
import { roles } from '../../domain/resources/system/roles';
import { i18n } from '../../i18n';
import { initI18n } from '../../i18n/react';
import { formFields, type FormMode } from './field-kinds';
import { ResourceForm } from './ResourceForm';
import {
  blur, byTestId, click, jsonReply, mustFind, renderUi, sampleRow, setupDom, typeInto, waitFor, type Rendered,
} from './test-utils';

beforeAll(async () => {
  setupDom();
  await initI18n('zh');
});

let ui: Rendered | undefined;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  setNotifier(fakeNotifier());
  fetchMock = vi.fn<typeof fetch>(async () => jsonReply({ msg: 'OK', dt: [], total: 0 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  ui?.unmount();
  ui = undefined;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setNotifier(null);
  await act(async () => {
    await i18n.changeLanguage('zh');
  });
});

async function renderForm(def: ResourceDef, mode: FormMode, extra: Partial<Parameters<typeof ResourceForm>[0]> = {}) {
  const onSubmit = vi.fn<(v: Record<string, unknown>) => void>();
  ui = await renderUi(
    <ResourceForm def={def} mode={mode} initial={mode === 'edit' ? sampleRow(def) : undefined} onSubmit={onSubmit} {...extra} />,
  );
  return onSubmit;
}

const submit = () => click(mustFind('save-button'));
/** The message Mantine shows under a field (its `error`), found from the field's wrapper. */
const fieldError = (name: string) => document.querySelector(`[data-field="${name}"] .mantine-InputWrapper-error, [data-field="${name}"] [class*="error"]`)?.textContent ?? '';

describe('ResourceForm renders a control for every editable field of every resource', () => {
  for (const def of RESOURCES) {
    for (const mode of ['create', 'edit'] as const) {
      it(`${def.name} (${mode})`, async () => {
        await renderForm(def, mode);
        const form = mustFind('resource-form');
        expect(form.getAttribute('data-mode')).toBe(mode);
        const specs = formFields(def, mode);
        const missing = specs.filter(s => !byTestId(`field-${s.name}`)).map(s => s.name);
        expect(missing).toEqual([]);
        // Server-set fields: read-only on edit, absent on create; system columns are never inputs.
        for (const [name, f] of Object.entries(def.fields)) {
          if (!f.readOnly) continue;
          const el = byTestId<HTMLInputElement>(`field-${name}`);
          if (mode === 'create') expect(el).toBeNull();
          else expect(el?.readOnly).toBe(true);
        }
        for (const col of ['id', 'version', 'created_at', 'updated_at']) expect(byTestId(`field-${col}`)).toBeNull();
        // Every field has its label (the resource's label in zh, not the key).
        expect(form.textContent).not.toContain(`resources.${def.name}.fields`);
        if (mode === 'edit') {
          const textField = specs.find(s => s.kind === 'text' && !s.readOnly);
          if (textField) expect(mustFind<HTMLInputElement>(`field-${textField.name}`).value).toBe(`${textField.name} 值`);
          const refField = specs.find(s => s.kind === 'ref');
          if (refField) expect(mustFind<HTMLInputElement>(`field-${refField.name}`).value).toBe(`${refField.name} 一`);
          expect(mustFind('system-columns').textContent).toContain('版本: 2');
        }
        // Nothing is loaded until a reference picker is opened.
        expect(fetchMock).not.toHaveBeenCalled();
      });
    }
  }
});

describe('ResourceForm values and validation', () => {
  it('does not send an invalid form; shows the shared validator’s messages in the UI language', async () => {
    const onSubmit = await renderForm(items, 'create');
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(fieldError('code')).toBe('必填');
    expect(fieldError('name')).toBe('必填');
    await typeInto(mustFind('field-code'), 'A-1');
    expect(fieldError('code')).toBe('');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    await waitFor(() => expect(fieldError('name')).toBe('Required'));
  });

  it('sends typed values: money with up to 4 decimals, numbers, booleans, property columns in order', async () => {
    const onSubmit = await renderForm(items, 'create');
    await typeInto(mustFind('field-code'), 'A-1');
    await typeInto(mustFind('field-name'), '纸箱');
    await typeInto(mustFind('field-price'), '12.3456');
    await typeInto(mustFind('field-weight'), '2.5');
    await click(mustFind('field-props-add'));
    await click(mustFind('field-props-add'));
    await typeInto(mustFind('field-props-key-0'), '主数量');
    await typeInto(mustFind('field-props-value-0'), '10');
    await typeInto(mustFind('field-props-key-1'), '主单位');
    await typeInto(mustFind('field-props-value-1'), '件');
    await submit();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    const sent = onSubmit.mock.calls[0]![0];
    expect(sent).toMatchObject({ code: 'A-1', name: '纸箱', price: 12.3456, weight: 2.5, active: true, props: { 主数量: 10, 主单位: '件' } });
    expect(Object.keys(sent.props as object)).toEqual(['主数量', '主单位']);
  });

  it('money shows 2 decimals once the input is left', async () => {
    await renderForm(items, 'create');
    const price = mustFind<HTMLInputElement>('field-price');
    await typeInto(price, '7.5');
    await blur(price);
    await waitFor(() => expect(price.value).toBe('7.50'));
  });

  it('edit sends only the changed fields', async () => {
    const onSubmit = await renderForm(items, 'edit');
    await typeInto(mustFind('field-name'), '新名称');
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ name: '新名称' });
  });

  it('shows the server’s field messages until the field is edited; an unknown field’s message is still shown', async () => {
    await renderForm(items, 'edit', { errors: { code: '已存在相同的值', nope: '未知字段' } });
    expect(fieldError('code')).toBe('已存在相同的值');
    expect(mustFind('error-nope').textContent).toContain('未知字段');
    await typeInto(mustFind('field-code'), 'B-2');
    expect(fieldError('code')).toBe('');
  });

  it('password: required on create, empty means unchanged on edit', async () => {
    const onCreate = await renderForm(accounts, 'create');
    await typeInto(mustFind('field-username'), 'li');
    await typeInto(mustFind('field-name'), '李');
    await submit();
    expect(onCreate).not.toHaveBeenCalled();
    expect(fieldError('password')).toBe('必填');
    ui!.unmount();
    const onEdit = await renderForm(accounts, 'edit');
    expect(mustFind<HTMLInputElement>('field-password').value).toBe('');
    expect(document.body.textContent).toContain('留空表示不修改密码');
    await typeInto(mustFind('field-introduction'), 'hi');
    await submit();
    expect(onEdit).toHaveBeenCalledWith({ introduction: 'hi' });
  });

  it('a workflow orders its work nodes with move up / move down', async () => {
    const onSubmit = await renderForm(workflows, 'edit');
    const items = () => [...document.querySelectorAll('[data-testid="field-worknode_ids-item"]')];
    expect(items().map(i => i.textContent)).toEqual([expect.stringContaining('worknode_ids 一'), expect.stringContaining('worknode_ids 二')]);
    await click(items()[1]!.querySelector('[aria-label="上移"]')!);
    expect(items().map(i => i.getAttribute('data-id'))).toEqual(['2', '1']);
    await submit();
    expect(onSubmit).toHaveBeenCalledWith({ worknode_ids: [2, 1] });
  });

  it('a workflow without work nodes is refused', async () => {
    const onSubmit = await renderForm(workflows, 'edit');
    for (const b of [...document.querySelectorAll('[data-testid="field-worknode_ids-item"] [aria-label="移除"]')]) await click(b);
    await submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(mustFind('field-worknode_ids').textContent).toContain('必填');
  });

  it('a reference picker loads 50 rows of the referenced resource when opened, and searches by keyword', async () => {
    fetchMock.mockImplementation(async () => jsonReply({ msg: 'OK', dt: [{ id: 4, name: '纸箱类' }, { id: 5, name: '木箱类' }], total: 2 }));
    await renderForm(items, 'create');
    const input = mustFind<HTMLInputElement>('field-category_id');
    await click(input);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const first = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(first.pathname).toBe('/itemcategories/list/');
    expect(first.searchParams.get('limit')).toBe('50');
    expect(first.searchParams.get('keyword')).toBeNull(); // no keyword yet: the first 50 rows
    await waitFor(() => expect(document.body.textContent).toContain('木箱类'));
    await typeInto(input, '木');
    await waitFor(() => {
      const last = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://x');
      expect(last.searchParams.get('keyword')).toBe('木');
    });
  });

  it('a reference picker takes the one match of what was typed on Enter (issue 30: the customer picker)', async () => {
    fetchMock.mockImplementation(async (url: RequestInfo | URL) => {
      const kw = new URL(String(url), 'http://x').searchParams.get('keyword');
      return jsonReply({ msg: 'OK', dt: kw === '木' ? [{ id: 5, name: '木箱类' }] : [{ id: 4, name: '纸箱类' }, { id: 5, name: '木箱类' }], total: 2 });
    });
    const onSubmit = await renderForm(items, 'create');
    const input = mustFind<HTMLInputElement>('field-category_id');
    await click(input);
    await typeInto(input, '木');
    await waitFor(() => {
      const last = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://x');
      expect(last.searchParams.get('keyword')).toBe('木');
    });
    // Once the matches of 木 are in, Enter takes the one.
    await waitFor(() => expect(document.querySelectorAll('[role="option"]').length).toBe(1));
    await act(async () => { input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true })); });
    await waitFor(() => expect(input.value).toBe('木箱类'));
    await typeInto(mustFind<HTMLInputElement>('field-code'), 'X-1');
    await typeInto(mustFind<HTMLInputElement>('field-name'), '箱');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ category_id: 5 });
  });

  it('roles edit their menus as a tree; ticking a group ticks its pages', async () => {
    const onSubmit = await renderForm(roles, 'edit');
    const people = mustFind<HTMLInputElement>('menu-group:/people');
    expect(people.checked).toBe(false);
    await click(people);
    expect(mustFind<HTMLInputElement>('menu-/persons/list').checked).toBe(true);
    expect(mustFind<HTMLInputElement>('menu-/departments/list').checked).toBe(true);
    await click(mustFind('menu-/dashboard'));
    await submit();
    const menus = onSubmit.mock.calls[0]![0].menus as string[];
    expect(menus).toContain('/persons/list');
    expect(menus).toContain('/customers/list');
    expect(menus).not.toContain('/dashboard');
    expect(menus.some(p => p.includes('edit'))).toBe(false);
  });

  it('dates offer the single-date shortcuts', async () => {
    const { journals } = await import('../../domain/resources/system/journals');
    // jsdom lays nothing out, so the picker's focus trap finds nothing focusable and says so.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderForm(journals, 'create');
    await click(mustFind('field-day'));
    await waitFor(() => expect(document.body.textContent).toContain('一周前'));
    const yesterday = [...document.querySelectorAll('button')].find(b => b.textContent === '昨天')!;
    await click(yesterday);
    const d = new Date();
    d.setDate(d.getDate() - 1);
    const want = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    await waitFor(() => expect(mustFind('field-day').textContent).toContain(want));
  });
});
