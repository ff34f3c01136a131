/**
 * Server messages of traceability (docs/delivery.md "Traceability"), in the four languages; merged into the catalog
 * (catalog.ts). zh gives the keys, the compiler holds the other languages to them.
 */
const zh = {
  trace_start: '请指定追溯的起点：类型与编号（或 id）；批次须填写批次号',
} as const;

type Keys = keyof typeof zh;

export const TRACE_MESSAGES: Readonly<Record<'zh' | 'en' | 'es' | 'ja', Readonly<Record<Keys, string>>>> = {
  zh,
  en: { trace_start: 'Name where the trace starts: a kind and its number (or id); a lot needs its lot number' },
  es: { trace_start: 'Indique dónde empieza la trazabilidad: un tipo y su número (o id); un lote necesita su número de lote' },
  ja: { trace_start: 'トレースの起点を指定してください：種類と番号（または id）。ロットはロット番号が必要です' },
};
