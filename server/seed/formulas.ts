import { itemRows } from './catalog';
import { Ref, type Seeder, type SeedRow } from './seeder';

/**
 * The demo plant's formulas (issue 12 point 3): recipes of the first cartons and colour boxes of the catalogue, by
 * item code, and of the corrugated boards the cartons are made of, so the formula screens, `/formulas/items` and the
 * material requirement of the demo orders have something true to show.
 *
 * - A carton is made of its board (square metres of its blank, the board being a sub-formula: liner and fluting
 *   paper, starch, caustic soda and borax per m²) and of one water-based ink per printed colour.
 * - A colour box is made of sheets of its board paper (blank area over the 787×1092 mm sheet), four offset inks,
 *   laminating glue when it is laminated, and white glue for the gluing.
 * - Operations follow the product's routing (WF01 / WF02) with typical parameters and minutes per batch.
 * - Version 1 of each, current (the declared defaults). Deterministic: everything derives from the catalogue (itemRows), nothing is drawn.
 *   Rows already present are left as they are (seeder.ts); lines are keyed by formula and material (operations by
 *   formula and order), so a second run adds nothing.
 * - Seeded after the order book: its lines name no formula and take their item's current formula in the
 *   requirement (docs/formulas.md).
 */

/** Products with a formula per family: enough that the demo order book's requirement lists materials. */
const CARTONS = 40;
const BOXES = 40;

type Row = SeedRow & { code: string; name: string; spec: string; unit: string; props: { area_m2?: number } | null };

const categoryOf = (r: SeedRow): string | undefined => (r.category_id instanceof Ref ? r.category_id.key : undefined);

/** Flutes of a board by its layers (三层 = one fluted medium, 五层 two, 七层 three). */
const FLUTES: Record<string, number> = { 三层: 1, 五层: 2, 七层: 3 };
const COLOURS: readonly [string, number][] = [['无印', 0], ['单色', 1], ['双色', 2], ['三色', 3], ['四色', 4], ['彩印', 4]];
const WATER_INKS = ['水性油墨 青', '水性油墨 品红', '水性油墨 黄', '水性油墨 黑'];
const OFFSET_INKS = ['胶印油墨 青', '胶印油墨 品红', '胶印油墨 黄', '胶印油墨 黑'];
/** The board of a colour box (its spec) → the catalogue's sheet paper it is printed on. */
const BOX_PAPER: Record<string, string> = {
  '350g白卡': '白卡纸 350g', '300g灰底白板': '灰底白板纸 300g', '400g金卡': '白卡纸 400g', '250g铜版纸裱E瓦': '铜版纸 200g',
  '1200g灰板裱157g铜版纸': '铜版纸 157g',
};
const SHEET_M2 = 0.787 * 1.092;

const CARTON_OPS: readonly [string, string, number][] = [
  ['WN01', '纸板分切，门幅按展开尺寸', 20], ['WN02', '水墨印刷 车速 120 张/分，粘度 25 秒', 40], ['WN05', '开槽压线，压线深度 2.5mm', 30],
  ['WN07', '钉距 50mm', 45], ['WN08', '抽检 2%', 15], ['WN09', '每捆打包带两道', 20], ['WN10', '成品入库', 10],
];
const BOX_OPS: readonly [string, string, number][] = [
  ['WN01', '平张分切', 20], ['WN02', '四色胶印 8000 张/时', 60], ['WN03', '覆膜温度 95℃', 40], ['WN04', '模切压力按刀版', 45],
  ['WN06', '糊盒速度 150 米/分', 50], ['WN08', '抽检 2%', 15], ['WN09', '装箱封箱', 20], ['WN10', '成品入库', 10],
];

const r6 = (x: number) => Math.round(x * 1e6) / 1e6;

interface Plan { formula: SeedRow; materials: SeedRow[]; operations: readonly [string, string, number][] }
interface Material { code: string; quantity: number; loss_rate: number; level?: number; sub?: string; remark?: string }

function plan(): Plan[] {
  const items = itemRows() as Row[];
  const byName = (name: string): Row | undefined => items.find(i => i.name === name);
  const first = (pred: (i: Row) => boolean): Row | undefined => items.find(pred);
  const formula = (product: Row, category: string, remark: string): SeedRow =>
    ({ code: `PF-${product.code}`, name: `${product.name} 配方`, item_id: new Ref('items', product.code), category_id: new Ref('formulacategories', category),
      remark });
  const lines = (list: Material[]): SeedRow[] => list.map((m, i) => ({ ...m, sort: (i + 1) * 10 }));
  const out: Plan[] = [];

  // Boards used by the first cartons, each a sub-formula of its cartons.
  const cartons = items.filter(i => categoryOf(i) === '纸箱').slice(0, CARTONS);
  const boards = new Map<string, Row>();
  const liner = byName('牛卡纸 170g')!;
  const fluting = byName('瓦楞原纸 120g')!;
  const glue = ['玉米淀粉', '烧碱', '硼砂'].map(n => byName(n)!);
  for (const c of cartons) {
    const m = /\s(三层|五层|七层)([A-Z]+)瓦\s(\S+)$/.exec(c.spec);
    if (!m) continue;
    const face = m[3] === '白面' ? '白面' : m[3] === '黄板' ? '再生面' : '牛卡面';
    const board = first(i => i.name === `${m[1]}${m[2]}瓦纸板` && i.spec.endsWith(face));
    if (!board) continue;
    boards.set(c.code, board);
    if (out.some(p => p.formula.code === `PF-${board.code}`)) continue;
    const flutes = FLUTES[m[1]!]!;
    out.push({
      formula: formula(board, '淀粉胶', `${m[1]}${m[2]}瓦：面纸两层，瓦楞纸 ${flutes} 层，淀粉胶粘合`),
      materials: lines([
        { code: liner.code, quantity: r6(0.17 * 2 + 0.12 * (flutes - 1)), loss_rate: 2.5, remark: '面纸、里纸（中隔纸按瓦楞纸计）' },
        { code: fluting.code, quantity: r6(0.12 * 1.5 * flutes), loss_rate: 3, remark: '瓦楞纸，楞率 1.5' },
        { code: glue[0]!.code, quantity: r6(0.012 * flutes), loss_rate: 5 },
        { code: glue[1]!.code, quantity: r6(0.0006 * flutes), loss_rate: 5 },
        { code: glue[2]!.code, quantity: r6(0.0004 * flutes), loss_rate: 5 },
      ]),
      operations: [['WN01', '瓦线车速 150 米/分，预热 160℃', 30]],
    });
  }
  for (const c of cartons) {
    const board = boards.get(c.code);
    const area = c.props?.area_m2;
    if (!board || !area) continue;
    const colours = COLOURS.find(([k]) => c.name.includes(k))?.[1] ?? 0;
    out.push({
      formula: formula(c, '水性油墨', `展开面积 ${area} ㎡，${colours ? `${colours} 色水墨印刷` : '无印刷'}`),
      materials: lines([
        { code: board.code, quantity: area, loss_rate: 4, level: 1, sub: `PF-${board.code}`, remark: '纸板（子配方）' },
        ...WATER_INKS.slice(0, colours).map(n => ({ code: byName(n)!.code, quantity: r6(area * 0.006), loss_rate: 8 })),
      ]),
      operations: CARTON_OPS,
    });
  }

  const boxes = items.filter(i => categoryOf(i) === '彩盒').slice(0, BOXES);
  for (const b of boxes) {
    const area = b.props?.area_m2;
    const paperName = Object.entries(BOX_PAPER).find(([k]) => b.spec.includes(` ${k} `))?.[1];
    const paper = paperName ? first(i => i.name === paperName && i.spec.includes('787×1092')) : undefined;
    if (!area || !paper) continue;
    const laminated = /膜/.test(b.spec);
    out.push({
      formula: formula(b, laminated ? '覆膜胶' : '光油', `展开面积 ${area} ㎡，四色胶印${laminated ? '，覆膜' : ''}`),
      materials: lines([
        { code: paper.code, quantity: r6(area / SHEET_M2), loss_rate: 5, remark: '787×1092 平张' },
        ...OFFSET_INKS.map(n => ({ code: byName(n)!.code, quantity: r6(area * 0.0015), loss_rate: 10 })),
        ...(laminated ? [{ code: byName('覆膜胶')!.code, quantity: r6(area * 0.004), loss_rate: 5 }] : []),
        { code: byName('白乳胶')!.code, quantity: 0.0008, loss_rate: 3, remark: '糊盒' },
      ]),
      operations: BOX_OPS,
    });
  }
  return out;
}

/** Seeds the formulas, their materials and operations; after the catalogue, work nodes and formula categories. */
export async function seedFormulas(s: Seeder): Promise<void> {
  const plans = plan();
  // Keyed by code: a version a user made since (same code) means the recipe is there already.
  await s.put('formulas', plans.map(p => p.formula), ['code']);
  const formulaId = (code: unknown) => s.id('formulas', String(code));
  const itemId = (code: string) => s.id('items', code);
  const materials: SeedRow[] = [];
  const operations: SeedRow[] = [];
  for (const p of plans) {
    const fid = formulaId(p.formula.code);
    if (fid === undefined) continue;
    for (const m of p.materials) {
      const item = itemId(m.code as string);
      if (item === undefined) continue;
      materials.push({ formula_id: fid, item_id: item, quantity: m.quantity, loss_rate: m.loss_rate, level: m.level ?? 1,
        sub_formula_id: m.sub === undefined ? null : formulaId(m.sub) ?? null, sort: m.sort, remark: m.remark ?? null });
    }
    p.operations.forEach(([node, parameters, duration], i) => {
      const wn = s.id('worknodes', node);
      if (wn !== undefined) operations.push({ formula_id: fid, worknode_id: wn, seq: i + 1, parameters, duration });
    });
  }
  await s.put('formulamaterials', materials, ['formula_id', 'item_id']);
  await s.put('formulaoperations', operations, ['formula_id', 'seq']);
}
