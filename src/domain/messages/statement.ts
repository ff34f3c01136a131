/**
 * Server messages of the bank statement import (docs/finance.md "4. Bank statement import"), in the four languages;
 * merged into the catalog (catalog.ts). The row errors the worker finds use the same keys.
 */
const zh = {
  statement_mapping: '列对应关系不完整：须指定日期列，以及金额列或收入/支出列',
  statement_empty: '文件中没有可导入的流水',
  statement_date: '日期无法识别',
  statement_amount: '金额无法识别（最多 4 位小数）',
  statement_no_amount: '该行没有收入或支出金额',
  statement_nothing: '请选择流水',
  statement_bank_unknown: '银行账户不存在',
  statement_line_unknown: '流水不存在',
  statement_debit: '支出流水不能生成收款单',
  statement_ignored: '流水 {row} 已忽略，不能入账',
  statement_not_new: '流水已入账，不能忽略',
};
type Same = { [K in keyof typeof zh]: string };

export const STATEMENT_MESSAGES: { zh: typeof zh; en: Same; es: Same; ja: Same } = {
  zh,
  en: {
    statement_mapping: 'The column mapping is incomplete: name the date column and the amount column, or the credit/debit columns',
    statement_empty: 'The file holds no statement lines to import',
    statement_date: 'The date cannot be read',
    statement_amount: 'The amount cannot be read (at most 4 decimals)',
    statement_no_amount: 'The row has neither a credit nor a debit amount',
    statement_nothing: 'Choose the statement lines',
    statement_bank_unknown: 'The bank account does not exist',
    statement_line_unknown: 'The statement line does not exist',
    statement_debit: 'A debit line (money out) makes no receipt',
    statement_ignored: 'Statement line {row} is ignored: it cannot be posted',
    statement_not_new: 'The statement line is posted: it cannot be ignored',
  },
  es: {
    statement_mapping: 'Faltan columnas: indique la columna de fecha y la de importe, o las de abonos y cargos',
    statement_empty: 'El archivo no contiene líneas de extracto para importar',
    statement_date: 'No se puede leer la fecha',
    statement_amount: 'No se puede leer el importe (4 decimales como máximo)',
    statement_no_amount: 'La fila no tiene importe de abono ni de cargo',
    statement_nothing: 'Elija las líneas del extracto',
    statement_bank_unknown: 'La cuenta bancaria no existe',
    statement_line_unknown: 'La línea del extracto no existe',
    statement_debit: 'Una línea de cargo (salida de dinero) no genera cobro',
    statement_ignored: 'La línea {row} está ignorada: no se puede contabilizar',
    statement_not_new: 'La línea ya está contabilizada: no se puede ignorar',
  },
  ja: {
    statement_mapping: '列の対応が不完全です。日付列と、金額列または入金・出金列を指定してください',
    statement_empty: 'ファイルに取り込める明細がありません',
    statement_date: '日付を読み取れません',
    statement_amount: '金額を読み取れません（小数は4桁まで）',
    statement_no_amount: 'この行には入金額も出金額もありません',
    statement_nothing: '明細を選んでください',
    statement_bank_unknown: '銀行口座が存在しません',
    statement_line_unknown: '明細が存在しません',
    statement_debit: '出金の明細から入金伝票は作れません',
    statement_ignored: '明細 {row} は無視されているため計上できません',
    statement_not_new: '明細は計上済みのため無視できません',
  },
};
