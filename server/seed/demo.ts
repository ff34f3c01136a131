import { DEFAULT_PATTERNS } from '../../src/domain/rules/numbering';
import { DEFAULT_SHIFT_HOURS } from '../../src/domain/rules/shifts';
import { seedPlanning, wageRows } from './planning';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { attendanceRows } from './attendance';
import { itemCategoryRows, itemRows } from './catalog';
import { bankRows, feeCategoryRows, formCategoryRows, formulaCategoryRows } from './categories';
import { seedFormulas } from './formulas';
import {
  LOGINS, ROLES, accountRows, departmentManagers, departmentRows, personCategoryRows, personPlans, roleRows, salerCodes,
} from './org';
import { seedOrders } from './orders';
import { seedPrechecks } from './prechecks';
import { customerCategoryRows, customerRows, supplierRows } from './parties';
import {
  computerRows, deviceRows, journalRows, maintenanceRows, warehouseRows, warepositionLayout, wareroomRows, warestatusRows, workflowRows,
  worknodeRows,
} from './plant';
import { seedStock } from './stock';
import { seedDelivery } from './delivery';
import { seedFinance } from './finance';
import { seedContracts } from './contracts';
import { seedForms } from './forms';
import { faqRows } from './faqs';
import { seedDemoModule } from './demo-module';
import { Seeder, type SeedRow } from './seeder';

/**
 * The demo data of IPOS: a corrugated-carton and colour-box plant (华东示范包装厂) with its organisation, one login
 * per role, work nodes and routes, about 2,000 items, 200 customers, warehouses, machines and kiosks, their maintenance
 * plans, a month of the staff's attendance, and three months of orders (about 300 orders in every status, 1,000 lines,
 * 3,000 process cards at their work nodes, and the labels printed for them; orders.ts), the inspectors' semi-finished
 * inspections of those cards (prechecks.ts).
 *
 * Rules:
 * - Deterministic: every value comes from fixed lists and seeded streams (random.ts), never from Math.random, so a
 *   second run finds every row by its natural key and adds nothing. Only dates that must look current count from the
 *   seeding day, and never in a key: maintenance plans (keyed by content), attendance and the order book (each
 *   seeded once, into an empty table, because a month that moved with the clock would add a second month at a later
 *   start).
 * - All or nothing: one transaction, so a failure leaves no half-seeded database behind.
 * - Rows already present are never changed (a user may have edited them). A demo row a user deleted comes back on
 *   the next run, because nothing records that it was seeded before.
 */

export interface DemoLogin { username: string; password: string; role: string }

/** The demo logins, printed at start-up; `role` is the role's display name. */
export const DEMO_LOGINS: readonly DemoLogin[] = LOGINS.map(l => ({
  username: l.username, password: l.password, role: ROLES.find(r => r.code === l.role)!.name,
}));

/** A config; `safe` ones are public (the login page reads them before anybody has logged in). */
const config = (name: string, values: unknown, safe: boolean, remark: string): SeedRow =>
  ({ name, values: typeof values === 'string' ? values : JSON.stringify(values), safe, remark });

export function configRows(): SeedRow[] {
  return [
    config('software_name', '智能生产操作系统', true, '软件名称（登录页与标题栏）'),
    config('site_name', '华东示范包装厂', true, '工厂名称'),
    config('logo', '/icons/icon-192.png', true, '登录页与侧栏的标志图片'),
    config('banner', '质量第一 · 交期准时 · 持续改进', true, '登录页横幅标语'),
    config('banner_background', 'linear-gradient(135deg, #1890ff 0%, #0050b3 100%)', true, '登录页横幅背景（CSS）'),
    config('version_class', 'standard', true, '版本样式类名'),
    config('units', ['个', '只', '箱', '张', '捆', '套', '卷', '桶', '罐', '袋', '包', '根', '令', '千克', '吨', '米', '平方米'],
      true, '计量单位'),
    config('buttons', {
      add: '新增', edit: '编辑', delete: '删除', save: '保存', cancel: '取消', search: '查询', reset: '重置',
      export: '导出', import: '导入', print: '打印', refresh: '刷新', approve: '审核', unapprove: '反审核', void: '作废',
    }, true, '按钮名称'),
    config('formula_traits', ['粘度', '固含量', 'pH值', '细度', '干燥时间', '温度'], true, '配方特性'),
    config('menu_colors', {}, false, '菜单颜色 {路径: 颜色}'),
    config('label_size', '60x40', true, '流程卡标签尺寸（宽x高，毫米）'),
    config('shift_hours', DEFAULT_SHIFT_HOURS, true, '班次时间（白班、夜班；交接班记录按此统计本班产出）'),
    config('tap_lockout_seconds', 10, true, '刷卡机在此秒数内忽略同一张卡的重复刷卡'),
    // Safe: the kiosk tells a card from a badge by it (a scan of neither is an unknown badge).
    config('card_no_pattern', DEFAULT_PATTERNS.card_no_pattern, true, '流程卡编号规则（刷卡机据此区分流程卡与工牌）'),
    config('stock_no_pattern', DEFAULT_PATTERNS.stock_no_pattern, false, '库存单据编号规则'),
    // Safe: a handheld or kiosk tells a package's label from a card's by it.
    config('package_no_pattern', DEFAULT_PATTERNS.package_no_pattern, true, '包装编号规则（扫描时据此识别包装标签）'),
    config('delivery_no_pattern', DEFAULT_PATTERNS.delivery_no_pattern, false, '送货单编号规则'),
    config('request_no_pattern', DEFAULT_PATTERNS.request_no_pattern, false, '发货申请编号规则'),
    config('bill_no_pattern', DEFAULT_PATTERNS.bill_no_pattern, false, '对账单编号规则'),
    config('receipt_no_pattern', DEFAULT_PATTERNS.receipt_no_pattern, false, '收款单编号规则'),
    config('payout_no_pattern', DEFAULT_PATTERNS.payout_no_pattern, false, '付款单编号规则'),
    config('contract_no_pattern', DEFAULT_PATTERNS.contract_no_pattern, false, '合同编号规则'),
    config('form_no_pattern', DEFAULT_PATTERNS.form_no_pattern, false, '表单编号规则'),
    config('vat_rate', 0.13, false, '增值税税率（开票默认税率）'),
    config('allow_negative_stock', false, false, '允许负库存（出库可使库存低于零）'),
    config('stock_idle_days', 90, false, '呆滞库存天数（超过该天数无出入库的库存列入积压预警）'),
    config('inspection_grades', ['A', 'B', 'C', '不合格'], true, '检验等级'),
    config('defect_reasons', ['色差', '脱胶', '压痕不良', '尺寸偏差', '破损', '污渍', '印刷模糊', '模切毛边', '开槽偏位', '钉箱不牢'], true, '不良原因'),
    // The demo module (/prod-api, docs/sales-office.md §6): its sample calls answer while this is on.
    config('demo_module', true, false, '示例模块（/prod-api 示例接口，非业务数据）开关'),
  ];
}

/** Puts every section in reference order: a table is seeded after the tables it points at. */
async function seedAll(s: Seeder): Promise<void> {
  await s.put('configs', configRows());

  // Parents first: a row can only name a parent that already has an id.
  const newDepartments = new Set([
    ...await s.put('departments', departmentRows('top')),
    ...await s.put('departments', departmentRows('child')),
  ]);
  await s.put('personcategories', personCategoryRows());
  const people = personPlans();
  await s.put('persons', people.map(p => p.row));
  await s.link('departments', 'manager_id', departmentManagers(people), newDepartments);

  await s.put('roles', roleRows());
  await s.put('accounts', accountRows(people));

  await s.put('worknodes', worknodeRows());
  await s.put('itemcategories', itemCategoryRows('top'));
  await s.put('itemcategories', itemCategoryRows('child'));
  await s.put('workflows', workflowRows());
  await s.put('items', itemRows());

  await s.put('customercategories', customerCategoryRows());
  await s.put('customers', customerRows(salerCodes(people)));
  await s.put('suppliers', supplierRows());

  await s.put('warehouses', warehouseRows(people));
  await s.put('warerooms', wareroomRows());
  const layout = warepositionLayout();
  await s.put('warepositions', layout.positions);
  await s.put('shelves', layout.shelves);
  await s.put('warestatus', warestatusRows());

  await s.put('devices', deviceRows());
  await s.put('computers', computerRows());
  await s.put('devicemaintenances', maintenanceRows(people), ['content']);
  // Attendance is dated from the seeding day and has no natural key: seeded once, into an empty table.
  await s.putIntoEmpty('checkins', attendanceRows(people));
  await s.put('journals', journalRows(people), ['day', 'title']);

  await s.put('feecategories', feeCategoryRows());
  await s.put('formcategories', formCategoryRows());
  await s.put('formulacategories', formulaCategoryRows());
  await s.put('banks', bankRows());
  // Wages' natural key is made of references; the demo's rates are told apart by their remark.
  await s.put('wages', wageRows(), ['remark']);
  // The help articles (docs/sales-office.md §8 "FAQ"), one per key and language.
  await s.put('faqs', faqRows());
}

/** Seeds the demo data; idempotent: returns true when it inserted anything, false when everything was already there. */
export async function seedDemo(db: Db): Promise<boolean> {
  return db.transaction(async tx => {
    // Instances starting together on one PostgreSQL seed one after the other: journals have no unique key to stop
    // a second copy, and the second instance then finds everything and adds nothing.
    await tx.execute(sql`select pg_advisory_xact_lock(7311002)`);
    const s = new Seeder(tx);
    await seedAll(s);
    // The order book last: it is made of everything above (customers, items, workflows, staff, machines).
    const orders = await seedOrders(tx);
    // The inspectors' semi-finished inspections of the book's cards on the lines (server/seed/prechecks.ts).
    const prechecks = await seedPrechecks(tx);
    await seedFormulas(s);
    // Queues, pre-schedule, duty logs and piece work are made of the order book.
    const planning = await seedPlanning(tx);
    // The quarter's stock, made of the suppliers, the finished cards and their orders (server/seed/stock.ts).
    const stock = await seedStock(tx);
    // Packings, requests and delivery notes of the open orders' finished goods (server/seed/delivery.ts).
    const delivered = await seedDelivery(tx);
    // The months' bills of those deliveries, as the accountant builds and confirms them (server/seed/finance.ts).
    const billed = await seedFinance(tx);
    // The customers' contracts with the prices the book charged; the closed orders name them (server/seed/contracts.ts).
    const contracted = await seedContracts(tx);
    // Form templates and three months of filled forms, mostly from the forms tablet (server/seed/forms.ts).
    const filled = await seedForms(tx);
    // The demo module's sample data, in its own tables (server/seed/demo-module.ts): nothing above reads it.
    const demoModule = await seedDemoModule(tx);
    return s.inserted + orders + prechecks + planning + stock + delivered + billed + contracted + demoModule + filled > 0;
  });
}
