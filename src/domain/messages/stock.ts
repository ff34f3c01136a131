/**
 * Server messages of stock (docs/stock.md), in the four languages; merged into the catalog (catalog.ts). zh gives the
 * keys, the compiler holds the other languages to them.
 */
const zh = {
  stock_ledger_write_refused: '库存流水和库存余额只能由过账或作废库存单据产生',
  stock_doc_posted: '库存单据已过账，只能作废',
  stock_doc_canceled: '库存单据已作废',
  stock_doc_empty: '库存单据没有明细，不能过账',
  stock_doc_kind_fixed: '库存单据的类型保存后不能更改',
  stock_line_quantity: '数量须大于 0',
  stock_move_nowhere: '移库的目标库位、仓库或状态须与原处不同',
  stock_move_needs_target: '调拨须填写目标仓库',
  stock_in_temp_card: '半成品入库须填写流程卡',
  stock_negative: '库存不足：{item} 在该处可用 {available}，需要 {wanted}',
  stock_limit_range: '最高库存不能低于最低库存',
  stock_limit_exists: '该物料在该仓库已有上下限',
  message_stock_low_title: '{item} 低于最低库存（{warehouse}）',
  message_stock_low_body: '现有 {quantity}，最低 {min}（单据 {doc}）',
} as const;

type Keys = keyof typeof zh;
type Same = Readonly<Record<Keys, string>>;

export const STOCK_MESSAGES: { zh: typeof zh; en: Same; es: Same; ja: Same } = {
  zh,
  en: {
    stock_ledger_write_refused: 'Stock movements and balances are made only by posting or cancelling stock documents',
    stock_doc_posted: 'The stock document is posted: it can only be cancelled',
    stock_doc_canceled: 'The stock document is cancelled',
    stock_doc_empty: 'The stock document has no lines to post',
    stock_doc_kind_fixed: 'The kind of a stock document cannot change once saved',
    stock_line_quantity: 'The quantity must be greater than 0',
    stock_move_nowhere: 'A move must go to another location, warehouse or status',
    stock_move_needs_target: 'A transfer needs the warehouse it goes to',
    stock_in_temp_card: 'Semi-finished goods in need their process card',
    stock_negative: 'Not enough stock: {item} has {available} there, {wanted} needed',
    stock_limit_range: 'The maximum cannot be below the minimum',
    stock_limit_exists: 'This item already has limits in this warehouse',
    message_stock_low_title: '{item} below its minimum ({warehouse})',
    message_stock_low_body: 'On hand {quantity}, minimum {min} (document {doc})',
  },
  es: {
    stock_ledger_write_refused: 'Los movimientos y saldos de stock solo los crean la contabilización o anulación de documentos de stock',
    stock_doc_posted: 'El documento de stock está contabilizado: solo se puede anular',
    stock_doc_canceled: 'El documento de stock está anulado',
    stock_doc_empty: 'El documento de stock no tiene líneas que contabilizar',
    stock_doc_kind_fixed: 'El tipo de un documento de stock no puede cambiar una vez guardado',
    stock_line_quantity: 'La cantidad debe ser mayor que 0',
    stock_move_nowhere: 'Un movimiento debe ir a otra ubicación, almacén o estado',
    stock_move_needs_target: 'Un traspaso necesita el almacén de destino',
    stock_in_temp_card: 'La entrada de semielaborados necesita su tarjeta de proceso',
    stock_negative: 'Stock insuficiente: {item} tiene {available} allí, se necesitan {wanted}',
    stock_limit_range: 'El máximo no puede ser menor que el mínimo',
    stock_limit_exists: 'Este artículo ya tiene límites en este almacén',
    message_stock_low_title: '{item} por debajo del mínimo ({warehouse})',
    message_stock_low_body: 'Existencias {quantity}, mínimo {min} (documento {doc})',
  },
  ja: {
    stock_ledger_write_refused: '入出庫履歴と在庫残高は在庫伝票の計上または取消によってのみ作成されます',
    stock_doc_posted: '在庫伝票は計上済みです。取消のみ可能です',
    stock_doc_canceled: '在庫伝票は取消済みです',
    stock_doc_empty: '在庫伝票に計上する明細がありません',
    stock_doc_kind_fixed: '在庫伝票の種類は保存後に変更できません',
    stock_line_quantity: '数量は 0 より大きくしてください',
    stock_move_nowhere: '移動先のロケーション、倉庫またはステータスを移動元と変えてください',
    stock_move_needs_target: '振替には移動先の倉庫が必要です',
    stock_in_temp_card: '半製品入庫には工程カードが必要です',
    stock_negative: '在庫不足：{item} のその場所の在庫は {available}、必要数は {wanted} です',
    stock_limit_range: '最高在庫は最低在庫を下回れません',
    stock_limit_exists: 'この品目はこの倉庫に上下限が既にあります',
    message_stock_low_title: '{item} が最低在庫を下回りました（{warehouse}）',
    message_stock_low_body: '在庫 {quantity}、最低 {min}（伝票 {doc}）',
  },
};
