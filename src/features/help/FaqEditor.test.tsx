// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { faqs } from '../../domain/resources/help/faqs';
import { initI18n } from '../../i18n/react';
import { ResourceForm } from '../../resources/form/ResourceForm';
import { click, mustFind, renderUi, setupDom, typeInto, waitFor, type Rendered } from '../../resources/form/test-utils';
import { faqPreview } from './FaqEditor';

/** The help article's editor (docs/sales-office.md §5): the body rendered below the form as it is typed. */
let r: Rendered | undefined;
beforeAll(async () => {
  setupDom();
  await initI18n('zh');
});
afterEach(() => { r?.unmount(); r = undefined; });

describe('the FAQ editor\'s preview', () => {
  it('renders the body as typed, sanitised, and its in-app links navigate inside the app', async () => {
    r = await renderUi(<ResourceForm def={faqs} mode="create" onSubmit={() => {}} preview={faqPreview} />, { path: '/faqs/create' });
    const preview = mustFind('faq-preview');
    expect(preview.textContent).toBe('正文为空');
    const body = mustFind('resource-form').querySelector('[data-field="body"] textarea')!;
    await typeInto(body, '**保存**后 [打开订单](/orders/list)\n\n<script>alert(1)</script> <img src=x onerror=alert(1)>');
    await waitFor(() => expect(preview.querySelector('strong')?.textContent).toBe('保存'));
    expect(preview.querySelector('script, img')).toBeNull();
    expect(preview.textContent).toContain('<script>alert(1)</script>');
    const link = preview.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/orders/list');
    await click(link);
    await waitFor(() => expect(mustFind('where').getAttribute('data-where')).toBe('/orders/list'));
  });
});
