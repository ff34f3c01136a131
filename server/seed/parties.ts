import { Rng, pad } from './random';
import { ref, type SeedRow } from './seeder';
import { CITIES, TRADE_WORDS, address, landline, mobile, personName, type City, type Gender } from './vocab';

/** Customers and suppliers: companies of the region around the plant, each name unique (it is the natural key). */

export const CUSTOMER_CATEGORIES = ['电商客户', '食品饮料', '电子电器', '日化美妆', '酒水茶叶', '医药保健', '其他行业'] as const;

export function customerCategoryRows(): SeedRow[] {
  return CUSTOMER_CATEGORIES.map((name, i) => ({ name, sort: (i + 1) * 10 }));
}

/** Industry word of the company name → customer category. */
const INDUSTRIES: readonly (readonly [string, (typeof CUSTOMER_CATEGORIES)[number]])[] = [
  ['电子', '电子电器'], ['电器', '电子电器'], ['智能科技', '电子电器'], ['食品', '食品饮料'], ['饮料', '食品饮料'],
  ['乳业', '食品饮料'], ['日化', '日化美妆'], ['化妆品', '日化美妆'], ['酒业', '酒水茶叶'], ['茶业', '酒水茶叶'],
  ['医药', '医药保健'], ['生物科技', '医药保健'], ['电子商务', '电商客户'], ['网络科技', '电商客户'], ['玩具', '其他行业'],
  ['五金', '其他行业'], ['服饰', '其他行业'], ['家居', '其他行业'], ['灯饰', '其他行业'], ['进出口贸易', '其他行业'],
];

const TERMS = ['月结30天', '月结60天', '款到发货', '季度结算', '月结45天'] as const;

export const CUSTOMER_COUNT = 200;

/** A contact: a mobile, or the company's landline. */
function contactOf(rng: Rng, city: City, taken: Set<string>): { contact: string; phone: string } {
  const gender: Gender = rng.chance(0.5) ? 'male' : 'female';
  return { contact: personName(rng, gender, taken), phone: rng.chance(0.55) ? mobile(rng) : landline(rng, city) };
}

export function customerRows(salers: readonly string[]): SeedRow[] {
  if (salers.length === 0) throw new Error('seed: customers need salespeople');
  const rng = Rng.for('customers');
  const names = new Set<string>();
  const contacts = new Set<string>();
  const out: SeedRow[] = [];
  while (out.length < CUSTOMER_COUNT) {
    const city = rng.pick(CITIES);
    const word = rng.pick(TRADE_WORDS);
    const [industry, category] = rng.pick(INDUSTRIES);
    const name = `${city[0]}${word}${industry}${rng.chance(0.12) ? '股份' : ''}有限公司`;
    if (names.has(name)) continue;
    names.add(name);
    out.push({
      code: `C${pad(out.length + 1, 4)}`, name, short_name: `${word}${industry}`, category_id: ref('customercategories', category),
      saler_id: ref('persons', rng.pick(salers)), name_ok: rng.chance(0.85), ...contactOf(rng, city, contacts),
      address: address(rng, city), remark: rng.chance(0.7) ? rng.pick(TERMS) : null,
    });
  }
  return out;
}

/** Supplier kinds: company-name ending and what they supply. */
const SUPPLIER_KINDS = [
  ['纸业有限公司', '牛卡纸、白板纸'], ['造纸有限公司', '瓦楞原纸'], ['纸板有限公司', '瓦楞纸板'], ['油墨有限公司', '水性油墨、胶印油墨'],
  ['化工有限公司', '胶水、光油、淀粉'], ['包装材料有限公司', '缠绕膜、打包带、护角'], ['印刷器材有限公司', '树脂版、刀版'],
  ['机械设备有限公司', '设备配件、维修'], ['塑胶制品有限公司', 'BOPP膜、塑料托盘'], ['物流有限公司', '成品运输'],
] as const;

export const SUPPLIER_COUNT = 30;

export function supplierRows(): SeedRow[] {
  const rng = Rng.for('suppliers');
  const names = new Set<string>();
  const contacts = new Set<string>();
  const out: SeedRow[] = [];
  while (out.length < SUPPLIER_COUNT) {
    const city = rng.pick(CITIES);
    // Every kind appears: the first rounds walk the kinds in order, later ones pick at random.
    const [ending, supplies] = out.length < SUPPLIER_KINDS.length * 2
      ? SUPPLIER_KINDS[out.length % SUPPLIER_KINDS.length]!
      : rng.pick(SUPPLIER_KINDS);
    const name = `${city[0]}${rng.pick(TRADE_WORDS)}${ending}`;
    if (names.has(name)) continue;
    names.add(name);
    out.push({
      code: `S${pad(out.length + 1, 3)}`, name, ...contactOf(rng, city, contacts), address: address(rng, city),
      remark: `供应：${supplies}`,
    });
  }
  return out;
}
