/**
 * Server messages of the prints area, in the four languages; merged into the catalog (catalog.ts). zh gives the keys,
 * the compiler holds the other languages to them. `too_many_print_rows` is refused by the contract's schema, which gives
 * no parameters, so the limit is written into the text from the contract's constant.
 */
import { MAX_PRINT_ROWS } from '../contract/prints';

const zh = {
  select_records: '请选择记录',
  too_many_print_rows: `一次最多打印 ${MAX_PRINT_ROWS} 条记录`,
  print_rows_unavailable: '以下记录不存在或已作废，不能打印：{list}',
  print_link_invalid: '打印链接无效或已过期，请重新打印',
} as const;

type Keys = keyof typeof zh;
type Same = Readonly<Record<Keys, string>>;

export const PRINT_MESSAGES: { zh: typeof zh; en: Same; es: Same; ja: Same } = {
  zh,
  en: {
    select_records: 'Please select records',
    too_many_print_rows: `At most ${MAX_PRINT_ROWS} records can be printed at once`,
    print_rows_unavailable: 'These records do not exist or are cancelled and cannot be printed: {list}',
    print_link_invalid: 'The print link is invalid or has expired; print again',
  },
  es: {
    select_records: 'Seleccione registros',
    too_many_print_rows: `Como máximo se pueden imprimir ${MAX_PRINT_ROWS} registros a la vez`,
    print_rows_unavailable: 'Estos registros no existen o están anulados y no se pueden imprimir: {list}',
    print_link_invalid: 'El enlace de impresión no es válido o ha caducado; vuelva a imprimir',
  },
  ja: {
    select_records: 'レコードを選択してください',
    too_many_print_rows: `一度に印刷できるのは ${MAX_PRINT_ROWS} 件までです`,
    print_rows_unavailable: '次のレコードは存在しないか取り消されているため、印刷できません：{list}',
    print_link_invalid: '印刷リンクが無効か期限切れです。もう一度印刷してください',
  },
};
