// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configs } from '../../../domain/resources/system/configs';
import { initI18n } from '../../../i18n/react';
import { ResourceForm } from '../ResourceForm';
import { click, mustFind, renderUi, setupDom, typeInto, waitFor, type Rendered } from '../test-utils';

/** The configs screen shows a known config's value as a typed input, not raw JSON (issue 15 §8). */
beforeAll(async () => {
  setupDom();
  await initI18n('zh');
});

let ui: Rendered | undefined;
afterEach(() => { ui?.unmount(); ui = undefined; });

const row = (name: string, values: string) => ({ id: 1, version: 1, name, values, safe: true, remark: null });

async function renderConfig(name: string, values: string) {
  const onSubmit = vi.fn<(v: Record<string, unknown>) => void>();
  ui = await renderUi(<ResourceForm def={configs} initial={row(name, values)} onSubmit={onSubmit} />);
  return onSubmit;
}

describe('a config value on the configs screen', () => {
  it('shows a map as name/value rows and saves the edited map as JSON', async () => {
    const onSubmit = await renderConfig('buttons', '{"add":"新增","edit":"编辑"}');
    expect(mustFind<HTMLInputElement>('field-values-key-0').value).toBe('add');
    expect(mustFind<HTMLInputElement>('field-values-value-1').value).toBe('编辑');
    expect(document.querySelector('textarea[data-testid="field-values"]')).toBeNull();
    await typeInto(mustFind('field-values-value-0'), '添加');
    await click(mustFind('save-button'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ values: '{"add":"添加","edit":"编辑"}' }));
  });

  it('refuses a name used twice, with the message in the user\'s language', async () => {
    const onSubmit = await renderConfig('buttons', '{"add":"新增"}');
    await click(mustFind('field-values-add'));
    await typeInto(mustFind('field-values-key-1'), 'add');
    await click(mustFind('save-button'));
    await waitFor(() => expect(document.body.textContent).toContain('已存在相同的值'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a list as tags, and an unknown or unreadable value as the text it is', async () => {
    await renderConfig('units', '["个","箱"]');
    expect(document.body.textContent).toContain('类型：列表');
    expect(document.querySelector('textarea[data-testid="field-values"]')).toBeNull();
    ui?.unmount();
    await renderConfig('my_own', '{"x":1}');
    expect(mustFind<HTMLTextAreaElement>('field-values').value).toBe('{"x":1}');
    ui?.unmount();
    await renderConfig('units', '["个"');
    expect(mustFind<HTMLTextAreaElement>('field-values').value).toBe('["个"');
    expect(document.body.textContent).toContain('当前保存的值不是有效的“列表”');
  });
});
