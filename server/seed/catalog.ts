import { Rng, pad, round } from './random';
import { ref, type SeedRow } from './seeder';

/**
 * The item catalogue of a corrugated-carton and colour-box plant: raw paper, board, inks and glues, packing
 * supplies, semi-finished sheets and two families of finished goods (纸箱 and 彩盒), about 2,000 items in all.
 * Codes are `<prefix>-<6 digits>`, one counter per prefix; finished goods point at their family's workflow.
 */

export const ITEM_TOTAL = 2000;

/** Workflow codes (see plant.ts) of the two product families. */
export const CARTON_FLOW = 'WF01';
export const BOX_FLOW = 'WF02';

const CATEGORIES = [
  { code: 'RM', name: '原材料' },
  { code: 'SF', name: '半成品' },
  { code: 'FG', name: '成品' },
  { code: 'AUX', name: '包装辅料' },
  { code: 'RM01', name: '原纸', parent: '原材料' },
  { code: 'RM02', name: '瓦楞纸板', parent: '原材料' },
  { code: 'RM03', name: '油墨胶水', parent: '原材料' },
  { code: 'FG01', name: '纸箱', parent: '成品' },
  { code: 'FG02', name: '彩盒', parent: '成品' },
] as const;

export function itemCategoryRows(level: 'top' | 'child'): SeedRow[] {
  return CATEGORIES.map((c, i) => ({ ...c, sort: (i + 1) * 10 }))
    .filter(c => (level === 'top') === !('parent' in c))
    .map(c => ({ code: c.code, name: c.name, parent_id: ref('itemcategories', 'parent' in c ? c.parent : null), sort: c.sort }));
}

interface Item {
  name: string;
  spec: string;
  category: string;
  unit: string;
  unit2?: string;
  /** Main units per secondary unit (decision 91): cartons per bundle, boxes per shipping case. */
  rate2?: number;
  weight: number;
  price: number;
  workflow?: string;
  props?: Record<string, unknown>;
  /** Pieces an hour where it is slower than its work nodes' standard output (scheduling load). */
  stdRate?: number;
}

// Raw paper -------------------------------------------------------------------------------------------------------

const ROLL_PAPERS = [
  { name: '牛卡纸', grams: [140, 170, 200, 230, 250], yuanPerKg: 4.6 },
  { name: '瓦楞原纸', grams: [90, 105, 120, 140, 160], yuanPerKg: 3.3 },
] as const;
const ROLL_WIDTHS = [1600, 1800, 2200] as const;

const SHEET_PAPERS = [
  { name: '白板纸', grams: [230, 250, 300, 350], yuanPerKg: 5.2 },
  { name: '灰底白板纸', grams: [250, 300, 350, 400], yuanPerKg: 4.8 },
  { name: '白卡纸', grams: [230, 250, 300, 350, 400], yuanPerKg: 7.4 },
  { name: '铜版纸', grams: [105, 128, 157, 200], yuanPerKg: 6.6 },
] as const;
const SHEET_SIZES = [[787, 1092], [889, 1194]] as const;

function rawPapers(): Item[] {
  const out: Item[] = [];
  for (const p of ROLL_PAPERS) {
    for (const g of p.grams) {
      for (const w of ROLL_WIDTHS) {
        // Rolls are bought and issued by weight: the unit is the kilogram.
        out.push({ name: `${p.name} ${g}g`, spec: `${g}g/㎡ 门幅${w}mm 卷筒`, category: '原纸', unit: '千克', unit2: '卷',
          weight: 1, price: p.yuanPerKg });
      }
    }
  }
  for (const p of SHEET_PAPERS) {
    for (const g of p.grams) {
      for (const [a, b] of SHEET_SIZES) {
        const kg = round(a * b / 1e6 * g / 1000, 4);
        out.push({ name: `${p.name} ${g}g`, spec: `${g}g/㎡ ${a}×${b}mm 平张`, category: '原纸', unit: '张', unit2: '令',
          weight: kg, price: round(kg * p.yuanPerKg, 2) });
      }
    }
  }
  return out;
}

// Corrugated board ------------------------------------------------------------------------------------------------

/** Board grades: flutes per wall count, weight and price per square metre. */
const BOARDS = [
  { layers: '三层', flutes: ['A', 'B', 'C', 'E', 'F'], kgPerM2: 0.45, yuanPerM2: 2.6 },
  { layers: '五层', flutes: ['AB', 'BC', 'BE', 'EE'], kgPerM2: 0.75, yuanPerM2: 4.1 },
  { layers: '七层', flutes: ['BCB', 'ABA'], kgPerM2: 1.1, yuanPerM2: 5.9 },
] as const;
const LINERS = [['牛卡面', 1.1], ['白面', 1.25], ['再生面', 0.9]] as const;

function boards(): Item[] {
  const out: Item[] = [];
  for (const b of BOARDS) {
    for (const f of b.flutes) {
      for (const [liner, factor] of LINERS) {
        out.push({ name: `${b.layers}${f}瓦纸板`, spec: `${b.layers} ${f}瓦 ${liner}`, category: '瓦楞纸板', unit: '平方米',
          unit2: '张', weight: b.kgPerM2, price: round(b.yuanPerM2 * factor, 2) });
      }
    }
  }
  return out;
}

// Inks, glues, films ----------------------------------------------------------------------------------------------

const SUPPLIES: readonly (readonly [string, string, string, string, number, number])[] = [
  // name, spec, unit, unit2, weight (kg per unit), price
  ['水性油墨 青', '柔印水墨 20kg/桶', '千克', '桶', 1, 16.5], ['水性油墨 品红', '柔印水墨 20kg/桶', '千克', '桶', 1, 17],
  ['水性油墨 黄', '柔印水墨 20kg/桶', '千克', '桶', 1, 15.8], ['水性油墨 黑', '柔印水墨 20kg/桶', '千克', '桶', 1, 14.2],
  ['水性油墨 白', '柔印水墨 20kg/桶', '千克', '桶', 1, 18.6], ['水性油墨 专色红', '柔印水墨 20kg/桶', '千克', '桶', 1, 21],
  ['水性油墨 专色蓝', '柔印水墨 20kg/桶', '千克', '桶', 1, 21], ['水性油墨 专色绿', '柔印水墨 20kg/桶', '千克', '桶', 1, 21],
  ['胶印油墨 青', '四色胶印 2.5kg/罐', '千克', '罐', 1, 38], ['胶印油墨 品红', '四色胶印 2.5kg/罐', '千克', '罐', 1, 40],
  ['胶印油墨 黄', '四色胶印 2.5kg/罐', '千克', '罐', 1, 36], ['胶印油墨 黑', '四色胶印 2.5kg/罐', '千克', '罐', 1, 32],
  ['胶印油墨 金', '专色 1kg/罐', '千克', '罐', 1, 120], ['胶印油墨 银', '专色 1kg/罐', '千克', '罐', 1, 110],
  ['玉米淀粉', '瓦线制胶用 25kg/袋', '千克', '袋', 1, 3.2], ['烧碱', '制胶用 片碱 25kg/袋', '千克', '袋', 1, 4.5],
  ['硼砂', '制胶用 25kg/袋', '千克', '袋', 1, 6.8], ['白乳胶', '糊盒用 50kg/桶', '千克', '桶', 1, 9.5],
  ['热熔胶', '颗粒 25kg/袋', '千克', '袋', 1, 18], ['覆膜胶', '水性 50kg/桶', '千克', '桶', 1, 12],
  ['水性光油', '20kg/桶', '千克', '桶', 1, 14], ['UV光油', '亮光 20kg/桶', '千克', '桶', 1, 32],
  ['哑光油', '20kg/桶', '千克', '桶', 1, 26], ['BOPP光膜', '1100mm×18μm', '千克', '卷', 1, 13.5],
  ['BOPP光膜', '1200mm×18μm', '千克', '卷', 1, 13.5], ['BOPP哑膜', '1100mm×18μm', '千克', '卷', 1, 16],
  ['BOPP哑膜', '1200mm×18μm', '千克', '卷', 1, 16], ['触感膜', '1100mm×25μm', '千克', '卷', 1, 42],
  ['烫金纸 亮金', '640mm×120m', '卷', '卷', 0.6, 85], ['烫金纸 亮银', '640mm×120m', '卷', '卷', 0.6, 80],
  ['镭射烫金纸', '640mm×120m', '卷', '卷', 0.6, 120], ['树脂版', '柔印版 1.7mm', '平方米', '张', 1.8, 380],
  ['模切刀版', '激光刀版 定制', '套', '套', 6, 450], ['钢线', '23.8mm 压痕线', '米', '卷', 0.01, 1.2],
  ['海绵条', '模切弹垫', '米', '卷', 0.02, 0.8],
];

function supplies(): Item[] {
  return SUPPLIES.map(([name, spec, unit, unit2, weight, price]) => ({ name, spec, category: '油墨胶水', unit, unit2, weight, price }));
}

const PACKING: readonly (readonly [string, string, string, number, number])[] = [
  ['木托盘', '1200×1000mm 熏蒸', '个', 18, 65], ['木托盘', '1100×1100mm 熏蒸', '个', 17, 62],
  ['塑料托盘', '1200×1000mm 川字', '个', 15, 120], ['缠绕膜', '500mm×20μm', '卷', 3.5, 42],
  ['打包带', 'PP 12mm 透明', '卷', 10, 58], ['打包带', 'PP 15mm 黄色', '卷', 10, 62],
  ['纸护角', '50×50×5mm 长1000mm', '根', 0.25, 1.1], ['钉箱扁丝', '镀铜 18mm', '千克', 1, 9.8],
  ['封箱胶带', '48mm×100m 透明', '卷', 0.3, 4.2], ['封箱胶带', '60mm×100m 米黄', '卷', 0.38, 5.1],
  ['标签纸', '100×70mm 铜版不干胶', '卷', 0.4, 18], ['碳带', '110mm×300m 蜡基', '卷', 0.3, 16],
  ['气泡膜', '1200mm 双层', '卷', 4, 55], ['珍珠棉', 'EPE 5mm', '平方米', 0.1, 3.2],
  ['隔板纸', '三层B瓦 定制', '张', 0.15, 0.6], ['干燥剂', '10g/包', '包', 0.01, 0.08],
  ['防潮袋', 'PE 80×120cm', '个', 0.08, 0.9], ['手提绳', '尼龙 40cm', '根', 0.005, 0.15],
];

function packing(): Item[] {
  return PACKING.map(([name, spec, unit, weight, price]) => ({ name, spec, category: '包装辅料', unit, weight, price }));
}

// Finished goods: cartons -----------------------------------------------------------------------------------------

const CARTON_USES = [
  '电商快递箱', '水果箱', '家电外箱', '饮料箱', '啤酒箱', '白酒外箱', '食品外箱', '搬家纸箱', '电子产品外箱', '五金工具箱',
  '日化外箱', '鞋盒外箱', '蛋品箱', '服装外箱', '图书箱', '药品外箱', '灯具箱', '茶叶外箱', '母婴用品箱', '宠物食品箱',
  '汽配外箱', '陶瓷包装箱', '蔬菜箱', '乳品箱',
] as const;
const CARTON_PRINTS = [['无印', 1], ['单色印刷', 1.05], ['双色印刷', 1.1], ['三色印刷', 1.15], ['四色水印', 1.25],
  ['彩印裱坑', 1.8]] as const;
const CARTON_LINERS = ['牛卡', '白面', '黄板'] as const;

function carton(rng: Rng): Item {
  const use = rng.pick(CARTON_USES);
  const [print, printFactor] = rng.pick(CARTON_PRINTS);
  const l = rng.step(150, 800, 10);
  const w = rng.step(Math.round(l * 0.5 / 10) * 10, l, 10);
  const h = rng.step(80, Math.max(100, Math.round(l * 1.1 / 10) * 10), 10);
  const volume = l * w * h / 1e9;
  const board = volume > 0.12 ? (rng.chance(0.4) ? BOARDS[2] : BOARDS[1]) : volume > 0.02 ? BOARDS[1] : BOARDS[0];
  const flute = rng.pick(board.flutes);
  // A regular slotted carton's blank: four panels plus the glue flap, by one width of flaps plus the height.
  const area = round((2 * l + 2 * w + 40) * (w + h) / 1e6, 4);
  const perBundle = area > 1 ? 10 : area > 0.4 ? 20 : 50;
  return {
    name: `${use}（${print}）`, spec: `${l}×${w}×${h}mm ${board.layers}${flute}瓦 ${rng.pick(CARTON_LINERS)}`,
    category: '纸箱', unit: '个', unit2: '捆', rate2: perBundle, weight: round(area * board.kgPerM2, 4),
    price: round(area * board.yuanPerM2 * 1.35 * printFactor, 2), workflow: CARTON_FLOW,
    props: { main_quantity: perBundle, area_m2: area },
    // A blank over a square metre runs at a fraction of the lines' speed (hand feeding, bundling).
    stdRate: area > 1 ? 900 : undefined,
  };
}

// Finished goods: colour boxes ------------------------------------------------------------------------------------

const BOX_USES = [
  '月饼礼盒', '茶叶盒', '化妆品盒', '手机包装盒', '药品盒', '白酒彩盒', '巧克力盒', '玩具彩盒', '保健品盒', '牙膏盒',
  '面膜盒', '香水盒', '耳机包装盒', '充电器盒', '糕点盒', '粽子礼盒', '坚果礼盒', '口红盒', '灯泡盒', '袜子盒', '手表盒',
] as const;
const BOX_STYLES = ['天地盖', '翻盖盒', '抽屉盒', '插底盒', '自锁底盒', '飞机盒', '手提盒'] as const;
/** Board, weight and price per square metre (printing included). */
const BOX_BOARDS = [['350g白卡', 0.35, 7.5], ['300g灰底白板', 0.3, 5.2], ['400g金卡', 0.4, 14],
  ['250g铜版纸裱E瓦', 0.55, 9.8], ['1200g灰板裱157g铜版纸', 1.4, 26]] as const;
const BOX_FINISHES = [['覆光膜', 1], ['覆哑膜', 1.05], ['烫金', 1.15], ['UV', 1.1], ['击凸', 1.12], ['烫金+覆哑膜', 1.25]] as const;

function colourBox(rng: Rng): Item {
  const use = rng.pick(BOX_USES);
  const style = rng.pick(BOX_STYLES);
  const [board, kgPerM2, yuanPerM2] = rng.pick(BOX_BOARDS);
  const [finish, finishFactor] = rng.pick(BOX_FINISHES);
  const l = rng.step(40, 350, 5);
  const w = rng.step(30, Math.max(30, l), 5);
  const h = rng.step(15, 200, 5);
  // The unfolded blank of a tuck-end box, roughly: the four walls plus top and bottom flaps.
  const area = round((2 * l + 2 * w + 20) * (h + w * 1.6) / 1e6, 4);
  const perCase = area > 0.2 ? 50 : 200;
  return {
    name: `${use}（${style}）`, spec: `${l}×${w}×${h}mm ${board} ${finish}`, category: '彩盒', unit: '个', unit2: '箱',
    rate2: perCase, weight: round(area * kgPerM2, 4), price: round(Math.max(0.35, area * yuanPerM2 * finishFactor), 2),
    workflow: BOX_FLOW,
    props: { main_quantity: perCase, area_m2: area },
    // Gold-foiled and embossed boxes need a second, slower pass.
    stdRate: finish.includes('烫金') || finish === '击凸' ? 1200 : undefined,
  };
}

/** `count` distinct items (name and spec) from a generator. */
function distinct(rng: Rng, count: number, gen: (rng: Rng) => Item): Item[] {
  const seen = new Set<string>();
  const out: Item[] = [];
  while (out.length < count) {
    const it = gen(rng);
    const k = `${it.name}|${it.spec}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(it);
  }
  return out;
}

/** Printed sheets and die-cut blanks waiting for the next step, named after the product they become. */
function semis(rng: Rng, from: readonly Item[], count: number): Item[] {
  const made = new Set<string>();
  const out: Item[] = [];
  while (out.length < count) {
    const p = rng.pick(from);
    const stage = p.category === '纸箱' ? rng.pick(['纸板', '印刷半成品']) : rng.pick(['印刷面纸', '模切半成品']);
    const name = `${p.name.replace(/（.*）$/, '')} ${stage}`;
    const k = `${name}|${p.spec}`;
    if (made.has(k)) continue;
    made.add(k);
    out.push({ name, spec: p.spec, category: '半成品', unit: '张', weight: p.weight, price: round(p.price * 0.6, 2) });
  }
  return out;
}

const PREFIX: Record<string, string> = {
  原纸: 'YZ', 瓦楞纸板: 'ZB', 油墨胶水: 'FL', 包装辅料: 'BC', 纸箱: 'CX', 彩盒: 'CH', 半成品: 'BP',
};

export function itemRows(): SeedRow[] {
  const rng = Rng.for('items');
  const fixed = [...rawPapers(), ...boards(), ...supplies(), ...packing()];
  const cartons = distinct(rng, 1000, carton);
  const boxes = distinct(rng, 700, colourBox);
  const halfway = semis(rng, [...cartons, ...boxes], ITEM_TOTAL - fixed.length - cartons.length - boxes.length);
  const counters = new Map<string, number>();
  return [...fixed, ...cartons, ...boxes, ...halfway].map(it => {
    const prefix = PREFIX[it.category]!;
    const n = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, n);
    // A few discontinued products, so lists show both states.
    const discontinued = it.workflow !== undefined && rng.chance(0.03);
    return {
      code: `${prefix}-${pad(n, 6)}`, name: it.name, spec: it.spec, category_id: ref('itemcategories', it.category),
      unit: it.unit, unit2: it.unit2 ?? null, rate2: it.rate2 ?? null, weight: it.weight, price: it.price,
      workflow_id: ref('workflows', it.workflow), props: it.props ?? null, active: !discontinued, std_rate: it.stdRate ?? null,
      remark: discontinued ? '已停产' : null,
    };
  });
}
