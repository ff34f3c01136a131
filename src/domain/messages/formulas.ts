/**
 * Server messages of the formulas area (issue 12 point 3), in the four languages; merged into the catalog
 * (catalog.ts). zh gives the keys, the compiler holds the other languages to them.
 */
const zh = {
  formula_cycle: '配方不能包含自身：{chain}',
  formula_frozen: '配方 {code} 第 {version} 版已被订单使用，不能直接修改；请在配方页面保存修改以生成新版本',
  formula_code_versions: '该配方已有多个版本，不能修改配方编号',
  sub_formula_item: '子配方须是该物料的配方',
  formula_traits_unknown: '未知的配方特性：{names}（见系统参数 formula_traits）',
  formula_traits_shape: '配方特性应为 {特性: 值} 形式，值为不超过 100 个字符的文字或数字',
  order_or_range: '请选择一个订单，或下单日期范围（开始与结束）',
  range_too_long: '日期范围最长 1100 天（三年）',
  formula_new_version: '已生成配方新版本 v{version}：原版本已被订单使用，保持不变',
  formula_line_other: '该明细不属于这个配方',
  req_col_code: '物料编号',
  req_col_name: '物料名称',
  req_col_spec: '规格',
  req_col_unit: '单位',
  req_col_quantity: '需求数量',
} as const;

type Keys = keyof typeof zh;
type Same = Readonly<Record<Keys, string>>;

export const FORMULA_MESSAGES: { zh: typeof zh; en: Same; es: Same; ja: Same } = {
  zh,
  en: {
    formula_cycle: 'A formula cannot contain itself: {chain}',
    formula_frozen: 'Version {version} of formula {code} is used by orders and cannot be changed in place; save the change from the formula screen to make a new version',
    formula_code_versions: 'This formula has several versions; its number cannot be changed',
    sub_formula_item: 'The sub-formula must be a formula of this material',
    formula_traits_unknown: 'Unknown formula traits: {names} (see the config formula_traits)',
    formula_traits_shape: 'Traits are {trait: value} pairs, each value a text of at most 100 characters or a number',
    order_or_range: 'Choose one order, or a range of order dates (from and to)',
    range_too_long: 'A date range spans at most 1,100 days (three years)',
    formula_new_version: 'Saved as the new version v{version}: the previous version is used by orders and stays as it was',
    formula_line_other: 'This line belongs to another formula',
    req_col_code: 'Material no.',
    req_col_name: 'Material',
    req_col_spec: 'Specification',
    req_col_unit: 'Unit',
    req_col_quantity: 'Quantity required',
  },
  es: {
    formula_cycle: 'Una fórmula no puede contenerse a sí misma: {chain}',
    formula_frozen: 'La versión {version} de la fórmula {code} la usan pedidos y no se puede cambiar; guarde el cambio desde la pantalla de la fórmula para crear una versión nueva',
    formula_code_versions: 'Esta fórmula tiene varias versiones; no se puede cambiar su número',
    sub_formula_item: 'La subfórmula debe ser una fórmula de este material',
    formula_traits_unknown: 'Características desconocidas: {names} (véase el parámetro formula_traits)',
    formula_traits_shape: 'Las características son pares {característica: valor}, cada valor un texto de hasta 100 caracteres o un número',
    order_or_range: 'Elija un pedido, o un intervalo de fechas de pedido (desde y hasta)',
    range_too_long: 'Un intervalo de fechas abarca como máximo 1100 días (tres años)',
    formula_new_version: 'Guardada como la nueva versión v{version}: la versión anterior la usan pedidos y queda como estaba',
    formula_line_other: 'Esta línea pertenece a otra fórmula',
    req_col_code: 'N.º de material',
    req_col_name: 'Material',
    req_col_spec: 'Especificación',
    req_col_unit: 'Unidad',
    req_col_quantity: 'Cantidad necesaria',
  },
  ja: {
    formula_cycle: '配合は自身を含むことはできません：{chain}',
    formula_frozen: '配合 {code} の第 {version} 版は受注で使用中のため直接変更できません。配合画面から保存して新しい版を作成してください',
    formula_code_versions: 'この配合には複数の版があるため、配合番号を変更できません',
    sub_formula_item: '子配合はこの材料の配合である必要があります',
    formula_traits_unknown: '不明な配合特性：{names}（システムパラメータ formula_traits を参照）',
    formula_traits_shape: '配合特性は {特性: 値} の形式で、値は 100 文字以内の文字列または数値です',
    order_or_range: '受注を一つ、または受注日の範囲（開始と終了）を選んでください',
    range_too_long: '日付範囲は最長 1100 日（3 年）です',
    formula_new_version: '新しい版 v{version} として保存しました。前の版は受注で使用中のため変更していません',
    formula_line_other: 'この明細は別の配合のものです',
    req_col_code: '材料番号',
    req_col_name: '材料名',
    req_col_spec: '仕様',
    req_col_unit: '単位',
    req_col_quantity: '所要量',
  },
};
