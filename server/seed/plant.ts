import type { TerminalScreen } from '../../src/domain/rules/terminal-screen';
import { BOX_FLOW, CARTON_FLOW } from './catalog';
import { personCode, type PersonPlan } from './org';
import { Rng, pad } from './random';
import { ref, refs, type SeedRow } from './seeder';

/** The shop floor of the demo plant: work nodes and routes, machines and kiosks, warehouses, the log book. */

// Work nodes and workflows ----------------------------------------------------------------------------------------

const WORKNODES = [
  // code, name, department, unit, piece rate (yuan per unit), inspection point, standard output per hour (scheduling)
  ['WN01', '开料', '瓦线车间', '张', 0.02, false, 3000],
  ['WN02', '印刷', '印刷车间', '张', 0.03, false, 2500],
  ['WN03', '覆膜', '印刷车间', '张', 0.025, false, 2200],
  ['WN04', '模切', '模切车间', '张', 0.02, false, 1800],
  ['WN05', '开槽', '模切车间', '张', 0.015, false, 2000],
  ['WN06', '糊盒', '糊箱车间', '个', 0.008, false, 5000],
  ['WN07', '钉箱', '糊箱车间', '个', 0.015, false, 800],
  ['WN08', '质检', '质检部', '个', 0, true, 3000],
  ['WN09', '包装', '糊箱车间', '箱', 0.2, false, 200],
  ['WN10', '入库', '仓储部', '箱', 0.05, false, 400],
] as const;

type NodeName = (typeof WORKNODES)[number][1];

export const nodeCode = (name: NodeName): string => WORKNODES.find(n => n[1] === name)![0];

export function worknodeRows(): SeedRow[] {
  return WORKNODES.map(([code, name, dept, unit, rate, inspection, perHour], i) => ({
    code, name, department_id: ref('departments', dept), unit, piece_rate: rate, is_inspection: inspection, sort: (i + 1) * 10,
    std_rate: perHour,
    // Inspection and warehousing pass a card with one swipe; nothing enters the warehouse before its inspection.
    tap_mode: inspection || name === '入库' ? 'single' : 'start_finish',
    sequence_check: name === '入库' ? 'strict' : 'warn',
  }));
}

/** Each family's route, in production order. */
const WORKFLOWS: readonly { code: string; name: string; category: string; nodes: readonly NodeName[]; remark: string }[] = [
  { code: CARTON_FLOW, name: '纸箱工艺', category: '纸箱', remark: '瓦楞纸箱：水墨印刷开槽后钉箱',
    nodes: ['开料', '印刷', '开槽', '钉箱', '质检', '包装', '入库'] },
  { code: BOX_FLOW, name: '彩盒工艺', category: '彩盒', remark: '彩盒：胶印、覆膜、模切后糊盒',
    nodes: ['开料', '印刷', '覆膜', '模切', '糊盒', '质检', '包装', '入库'] },
];

export function workflowRows(): SeedRow[] {
  return WORKFLOWS.map(w => ({
    code: w.code, name: w.name, worknode_ids: refs('worknodes', w.nodes.map(nodeCode)),
    category_id: ref('itemcategories', w.category), remark: w.remark,
  }));
}

// Machines and kiosks ---------------------------------------------------------------------------------------------

const DEVICES = [
  // code, name, model, work node, status, location, purchased
  ['DEV01', '五层瓦楞纸板生产线', 'WJ-250-2200', '开料', 'running', '瓦线车间', '2016-05-18'],
  ['DEV02', '电脑高速分纸压线机', 'FY-2500', '开料', 'running', '瓦线车间', '2018-03-02'],
  ['DEV03', '四色水墨印刷开槽机', 'SYKC-1628', '印刷', 'running', '印刷车间 1号线', '2019-07-11'],
  ['DEV04', '海德堡四色胶印机', 'CD102-4', '印刷', 'running', '印刷车间 2号线', '2017-10-25'],
  ['DEV05', '双色水墨印刷机', 'SY-2400', '印刷', 'idle', '印刷车间 3号线', '2014-04-09'],
  ['DEV06', '全自动覆膜机', 'FM-1050', '覆膜', 'running', '印刷车间', '2020-08-16'],
  ['DEV07', '全自动平压模切机', 'MY-1050Q', '模切', 'running', '模切车间 1号机', '2021-01-20'],
  ['DEV08', '半自动平压模切机', 'ML-1300', '模切', 'fault', '模切车间 2号机', '2013-06-30'],
  ['DEV09', '全自动开槽机', 'KC-2600', '开槽', 'maintenance', '模切车间', '2015-11-12'],
  ['DEV10', '全自动糊盒机', 'HH-1100', '糊盒', 'running', '糊箱车间', '2022-03-28'],
  ['DEV11', '半自动钉箱机', 'DX-2800', '钉箱', 'idle', '糊箱车间', '2012-09-05'],
  ['DEV12', '全自动钉箱机', 'DXJ-2400', '钉箱', 'running', '糊箱车间', '2023-02-14'],
  ['DEV13', '全自动打包机', 'DB-800', '包装', 'off', '糊箱车间 包装区', '2019-12-01'],
  ['DEV14', '纸箱抗压试验机', 'KY-2000', '质检', 'idle', '质检室', '2018-06-22'],
] as const satisfies readonly (readonly [string, string, string, NodeName, string, string, string])[];

/**
 * Hours a day a machine can run (its capacity on the scheduling board): machine steps run in two twelve-hour crews
 * (attendance.ts) less changeovers and breaks; the inspection bench works day hours only.
 */
const dailyHours = (node: NodeName): number => (node === '质检' ? 8 : 22);

export function deviceRows(): SeedRow[] {
  return DEVICES.map(([code, name, model, node, status, location, purchased]) => ({
    code, name, model, worknode_id: ref('worknodes', nodeCode(node)), status, location, purchase_date: purchased,
    daily_hours: dailyHours(node),
    remark: status === 'fault' ? '刀版压力异常，待维修' : status === 'maintenance' ? '季度保养' : null,
  }));
}

/**
 * Maintenance of the demo machines, dated from the day the demo is seeded so the status board shows a plan that is
 * overdue, one due today and later ones, beside the last ones done. Keyed by content (each is distinct). Every plan
 * has a person in charge: the machine's captain, or the workshop head for inspections and overhauls.
 */
const MAINTENANCE = [
  // machine, kind, status, days from the seeding day, content, cost, [department, title] of the person in charge
  ['DEV08', 'repair', 'planned', -3, '更换模切刀版压力传感器', 1800, ['模切车间', '模切机长']],
  ['DEV09', 'routine', 'planned', 0, '开槽机季度保养：导轨润滑、皮带检查', 600, ['模切车间', '开槽工']],
  ['DEV04', 'routine', 'planned', 14, '胶印机月度保养：墨路清洗、橡皮布更换', 2400, ['印刷车间', '印刷机长']],
  ['DEV01', 'inspection', 'planned', 30, '瓦线蒸汽管路年检', 0, ['瓦线车间', '车间主任']],
  ['DEV10', 'routine', 'planned', 45, '糊盒机半年保养', 900, ['糊箱车间', '糊盒机长']],
  ['DEV04', 'routine', 'done', -31, '胶印机月度保养：墨路清洗', 2200, ['印刷车间', '印刷机长']],
  ['DEV09', 'routine', 'done', -92, '开槽机季度保养', 580, ['模切车间', '开槽工']],
  ['DEV08', 'repair', 'done', -60, '模切机主电机轴承更换', 3500, ['模切车间', '车间主任']],
] as const;

export function maintenanceRows(plans: readonly PersonPlan[], today: Date = new Date()): SeedRow[] {
  const day = (offset: number) => new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset, 9);
  const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1, 2)}-${pad(d.getDate(), 2)}`;
  return MAINTENANCE.map(([device, kind, status, offset, content, cost, [dept, title]]) => ({
    device_id: ref('devices', device), kind, status, content, cost, person_id: ref('persons', personCode(plans, dept, title)),
    planned_date: ymd(day(offset)), done_at: status === 'done' ? day(offset).toISOString() : null,
  }));
}

const COMPUTERS = [
  // code, name, work nodes, machine, address, screen (终端画面, docs/shopfloor.md "Kiosk identity")
  ['KIOSK-01', '瓦线车间刷卡机', ['开料'], 'DEV01', '192.168.10.101', 'tap3'],
  ['KIOSK-02', '印刷车间刷卡机', ['印刷', '覆膜'], 'DEV04', '192.168.10.102', 'tap3'],
  ['KIOSK-03', '模切车间刷卡机', ['模切', '开槽'], 'DEV07', '192.168.10.103', 'tap3'],
  ['KIOSK-04', '糊箱车间刷卡机', ['糊盒', '钉箱', '包装'], 'DEV10', '192.168.10.104', 'tap3'],
  // The inspection bench's tablet: the finished-goods inspection at the inspection step (质检).
  ['KIOSK-05', '质检平板', ['质检'], null, '192.168.10.121', 'inspect'],
  ['KIOSK-06', '成品仓入库终端', ['入库'], null, '192.168.10.131', 'tap3'],
  // The office staff's time clock at the office building's door: attendance only, no work step.
  ['KIOSK-07', '办公楼考勤机', [], null, '192.168.10.141', 'tap3'],
  // The storekeepers' handheld for stocktakes (docs/stock.md "Stocktake"): no work step, it counts stock offline.
  ['PDA-01', '仓库盘点手持机', [], null, '192.168.10.151', 'count'],
  // The inspectors' patrol tablet on the lines: the semi-finished inspection after printing, die-cutting and slotting
  // (the demo's semi-finished inspections are made on it: server/seed/prechecks.ts).
  ['KIOSK-08', '半成品巡检平板', ['印刷', '模切', '开槽'], null, '192.168.10.122', 'precheck'],
  // The delivery drivers' phone for proof of delivery (docs/delivery.md "Proof of delivery"): the customer signs on it.
  ['PHONE-01', '送货司机手机', [], null, '192.168.10.161', 'delivery'],
] as const satisfies readonly (readonly [string, string, readonly NodeName[], string | null, string, TerminalScreen])[];

export function computerRows(): SeedRow[] {
  return COMPUTERS.map(([code, name, nodes, device, ip, screen]) => ({
    code, name, worknode_ids: refs('worknodes', nodes.map(nodeCode)), device_id: ref('devices', device), ip, screen,
    remark: device ? '工控一体机 + 读卡器' : nodes.length || code.startsWith('PDA') ? '手持平板 + 扫码枪'
      : code.startsWith('PHONE') ? '智能手机（签名、拍照、定位）' : '考勤读卡器',
  }));
}

// Warehouses ------------------------------------------------------------------------------------------------------

const WAREHOUSES = [
  { code: 'WH01', name: '原料仓', kind: 'material', address: '厂区北区 1号库', rooms: ['原纸库A区', '原纸库B区', '纸板暂存区'] },
  { code: 'WH02', name: '半成品仓', kind: 'semi', address: '生产车间二楼', rooms: ['印刷半成品区', '模切半成品区'] },
  { code: 'WH03', name: '成品仓', kind: 'finished', address: '厂区南区 3号库', rooms: ['成品一库', '成品二库', '发货区'] },
  { code: 'WH04', name: '辅料仓', kind: 'other', address: '厂区北区 2号库', rooms: ['油墨胶水库', '包材库'] },
] as const;

export function warehouseRows(plans: readonly PersonPlan[]): SeedRow[] {
  const keepers = plans.filter(p => p.department === '仓储部' && p.title !== '叉车司机');
  return WAREHOUSES.map((w, i) => ({
    code: w.code, name: w.name, kind: w.kind, address: w.address,
    manager_id: ref('persons', keepers[i % keepers.length]?.code ?? personCode(plans, '仓储部')),
  }));
}

export function wareroomRows(): SeedRow[] {
  return WAREHOUSES.flatMap(w => w.rooms.map((name, i) => ({
    warehouse_id: ref('warehouses', w.code), code: `${w.code}-R${i + 1}`, name,
  })));
}

interface Layout {
  positions: SeedRow[];
  shelves: SeedRow[];
}

/** Positions on a grid per room (x = column, y = row on the position map), and shelves at each position. */
export function warepositionLayout(): Layout {
  const rng = Rng.for('warepositions');
  const out: Layout = { positions: [], shelves: [] };
  for (const w of WAREHOUSES) {
    w.rooms.forEach((room, r) => {
      const roomCode = `${w.code}-R${r + 1}`;
      const count = rng.int(4, 6);
      for (let p = 1; p <= count; p++) {
        const code = `${roomCode}-${pad(p, 2)}`;
        const name = `${room}${pad(p, 2)}号位`;
        out.positions.push({ warehouse_id: ref('warehouses', w.code), room_id: ref('warerooms', roomCode), code, name,
          x: (p - 1) % 3, y: r * 2 + Math.floor((p - 1) / 3) });
        const shelves = rng.int(2, 3);
        for (let s = 1; s <= shelves; s++) {
          out.shelves.push({ position_id: ref('warepositions', code), code: `${code}-S${s}`, name: `${name}${s}号货架`,
            levels: rng.int(3, 5) });
        }
      }
    });
  }
  return out;
}

export function warestatusRows(): SeedRow[] {
  const list = [
    ['合格', '#52c41a', true], ['待检', '#faad14', false], ['冻结', '#1890ff', false], ['不合格', '#f5222d', false],
    ['返工', '#722ed1', false], ['报废', '#8c8c8c', false],
  ] as const;
  return list.map(([name, color, available], i) => ({ name, color, available, sort: (i + 1) * 10 }));
}

// Log book --------------------------------------------------------------------------------------------------------

/** Fixed days, not "today": journals are matched by day and title, and a moving day would add rows at every start. */
const JOURNALS = [
  ['2025-06-02', 'shift', '印刷车间早班交接', '印刷车间', '印刷机长',
    'DEV04 胶印机完成月饼礼盒面纸 12,000 张，余 3,000 张转中班；青色油墨剩余半桶，已申领。'],
  ['2025-06-02', 'shift', '瓦线车间夜班交接', '瓦线车间', '瓦线机长',
    '五层BC瓦生产 8,600 平方米；淀粉胶已配好两桶；2200mm 门幅牛卡纸库存偏低，请计划员跟进。'],
  ['2025-06-03', 'incident', '半自动模切机刀版断裂停机', '模切车间', '模切机长',
    '10:20 DEV08 刀版断裂，停机约 40 分钟，已更换备用刀版；设备报修，待维修完成后恢复。'],
  ['2025-06-03', 'notice', '关于夏季高温安全生产的通知', '行政部', '行政经理',
    '即日起车间每日 11:30-14:00 加强通风降温，饮用水与防暑药品在各车间班组长处领取。'],
  ['2025-06-04', 'incident', '糊盒机胶水温度异常', '糊箱车间', '糊盒机长',
    '热熔胶温度波动导致开胶 200 余个，已隔离待检并返工，设备科已校准温控。'],
  ['2025-06-05', 'notice', '6月份质量例会纪要', '质检部', '质检主管',
    '本月客诉 2 起（印刷色差、边压强度不足），要求首件确认签字后方可批量生产。'],
  ['2025-06-06', 'shift', '成品仓盘点交接', '仓储部', '仓库主管',
    '成品一库盘点完毕，账实相符；发货区待发 36 托，已与物流确认明早 8 点装车。'],
  ['2025-06-06', 'other', '客户来厂验厂安排', '销售部', '销售经理',
    '下周二上午客户质量部来厂审核，请各车间做好 5S 与记录准备。'],
] as const;

export function journalRows(plans: readonly PersonPlan[]): SeedRow[] {
  return JOURNALS.map(([day, kind, title, dept, by, content]) => ({
    day, kind, title, content, department_id: ref('departments', dept), person_id: ref('persons', personCode(plans, dept, by)),
  }));
}
