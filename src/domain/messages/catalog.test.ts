import { describe, expect, it } from 'vitest';
import { en, es, ja, LANGS, pickLang, translate, zh } from './catalog';

describe('server messages', () => {
  it('has every message in every language, with the same placeholders', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map(m => m[1]).sort();
    for (const cat of [en, es, ja]) {
      expect(Object.keys(cat).sort()).toEqual(Object.keys(zh).sort());
      for (const [k, v] of Object.entries(zh)) {
        expect(cat[k as keyof typeof zh].trim()).not.toBe('');
        expect(placeholders(cat[k as keyof typeof zh])).toEqual(placeholders(v));
      }
    }
  });

  it('fills placeholders', () => {
    expect(translate('en', 'too_long', { max: 5 })).toBe('At most 5 characters');
  });

  it('picks the language from a parameter, then Accept-Language, else zh', () => {
    expect(pickLang('ja', 'en')).toBe('ja');
    expect(pickLang(undefined, 'es-ES,es;q=0.9,en;q=0.8')).toBe('es');
    expect(pickLang(undefined, 'fr-FR,de;q=0.5')).toBe('zh');
    expect(LANGS).toEqual(['zh', 'en', 'es', 'ja']);
  });
});
