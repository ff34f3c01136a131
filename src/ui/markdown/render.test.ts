// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { filePath, linkKind, renderMarkdown } from './render';

const ORIGIN = 'https://ipos.plant.example';
const render = (src: string) => renderMarkdown(src, { origin: ORIGIN });
const dom = (src: string) => {
  const div = document.createElement('div');
  div.innerHTML = render(src);
  return div;
};

describe('renderMarkdown', () => {
  it('renders the Markdown an article uses', () => {
    const d = dom('# 下单\n\n1. **客户**\n2. `Ctrl+S` 保存\n\n| 列 | 说明 |\n|---|---|\n| 数量 | 张 |\n\n> 注意');
    expect(d.querySelector('h1')?.textContent).toBe('下单');
    expect(d.querySelectorAll('ol li')).toHaveLength(2);
    expect(d.querySelector('strong')?.textContent).toBe('客户');
    expect(d.querySelector('code')?.textContent).toBe('Ctrl+S');
    expect(d.querySelector('table td')?.textContent).toBe('数量');
    expect(d.querySelector('blockquote')?.textContent?.trim()).toBe('注意');
  });

  it('keeps raw HTML as text: no script, no element made from the source', () => {
    const d = dom('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n<iframe src="https://evil.example"></iframe>');
    expect(d.querySelector('script, iframe')).toBeNull();
    expect(d.querySelector('img')).toBeNull();
    expect(d.textContent).toContain('<script>alert(1)</script>');
    expect(d.innerHTML).not.toMatch(/<script|<iframe|<img/i);
    for (const el of d.querySelectorAll('*')) expect([...el.attributes].map(a => a.name).filter(n => n.startsWith('on'))).toEqual([]);
  });

  it('never lets an event, style, form or svg through, even from a link title or table alignment', () => {
    const d = dom('[a](/x "t\\" onclick=\\"alert(1)") \n\n| a |\n|:-:|\n| b |\n\n<form><input></form><svg onload=alert(1)>');
    const all = [...d.querySelectorAll('*')];
    for (const el of all) {
      for (const attr of [...el.attributes]) expect(attr.name).not.toMatch(/^on|^style$/);
    }
    expect(d.querySelector('form, input, svg')).toBeNull();
    // The table's centre alignment is a style: dropped, the cell stays.
    expect(d.querySelector('th')?.textContent).toBe('a');
  });

  it('drops javascript:, data: and vbscript: links, keeping their text', () => {
    for (const href of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:msgbox(1)', '//evil.example/x']) {
      const d = dom(`[点这里](${href})`);
      expect(d.textContent).toContain('点这里');
      const a = d.querySelector('a');
      expect(a?.getAttribute('href') ?? null, href).toBeNull();
    }
    // Whitespace and entities do not smuggle one in.
    const d = dom('[x](&#106;avascript:alert(1))');
    expect(d.querySelector('a[href]')).toBeNull();
  });

  it('marks in-app paths for navigation inside the app and opens others with noopener noreferrer', () => {
    const d = dom(`[订单](/orders/list) [帮助](${ORIGIN}/faq/order_entry) [外部](https://example.com/a) [邮件](mailto:it@plant.example)`);
    const [inApp, sameOrigin, outside, mail] = [...d.querySelectorAll('a')];
    expect(inApp!.getAttribute('href')).toBe('/orders/list');
    expect(inApp!.hasAttribute('data-internal')).toBe(true);
    expect(inApp!.hasAttribute('target')).toBe(false);
    expect(sameOrigin!.getAttribute('href')).toBe('/faq/order_entry');
    expect(sameOrigin!.hasAttribute('data-internal')).toBe(true);
    expect(outside!.getAttribute('target')).toBe('_blank');
    expect(outside!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(outside!.hasAttribute('data-internal')).toBe(false);
    expect(mail!.getAttribute('href')).toBe('mailto:it@plant.example');
    expect(mail!.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows only the plant\'s own files as images', () => {
    const ok = dom('![机台](/files/?action=download&id=Ab_c-1)');
    expect(ok.querySelector('img')?.getAttribute('src')).toBe('/files/?action=download&id=Ab_c-1');
    expect(ok.querySelector('img')?.getAttribute('alt')).toBe('机台');
    const full = dom(`![x](${ORIGIN}/files/?action=download&id=abc)`);
    expect(full.querySelector('img')?.getAttribute('src')).toBe('/files/?action=download&id=abc');
    for (const src of ['https://evil.example/files/?action=download&id=abc', 'https://evil.example/pixel.gif', '/static/logo.png',
      '//evil.example/files/?action=download&id=abc', '/files/?action=download&id=abc&x=1', 'data:image/png;base64,AAAA']) {
      expect(dom(`![x](${src})`).querySelector('img'), src).toBeNull();
    }
  });

  it('loads a kept image from the server address when told', () => {
    const html = renderMarkdown('![a](/files/?action=download&id=k1)', { origin: ORIGIN, imageSrc: p => `https://server.example${p}` });
    expect(html).toContain('src="https://server.example/files/?action=download&amp;id=k1"');
  });
});

describe('linkKind and filePath', () => {
  it('classify against the origin', () => {
    expect(linkKind('/a', ORIGIN)).toBe('internal');
    expect(linkKind('//a.example', ORIGIN)).toBe('refused');
    expect(linkKind('/\\a.example', ORIGIN)).toBe('refused');
    expect(linkKind('http://other.example', ORIGIN)).toBe('external');
    expect(linkKind(`${ORIGIN}/x`, ORIGIN)).toBe('internal');
    expect(linkKind('ftp://a.example', ORIGIN)).toBe('refused');
    expect(linkKind('relative/path', ORIGIN)).toBe('refused');
    expect(filePath('/files/?action=download&id=z', ORIGIN)).toBe('/files/?action=download&id=z');
    expect(filePath('/files/?action=list', ORIGIN)).toBeNull();
  });
});
