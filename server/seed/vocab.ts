import type { Rng } from './random';

/**
 * Word lists for believable Chinese demo data: people, places, companies. Lists only grow at their end, and every
 * draw goes through a seeded stream, so existing demo rows keep their names (they are matched by natural key).
 */

export const SURNAMES = [
  '王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗',
  '郑', '梁', '谢', '宋', '唐', '许', '韩', '冯', '邓', '曹', '彭', '曾', '肖', '田', '董', '袁', '潘', '蒋', '蔡', '余',
  '杜', '叶', '程', '苏', '魏', '吕', '丁', '任', '沈', '姚', '卢', '陆', '钱', '汪', '顾', '戴',
] as const;

const MALE_GIVEN = [
  '伟', '强', '磊', '军', '勇', '杰', '涛', '明', '超', '刚', '平', '辉', '鹏', '华', '飞', '斌', '波', '宇', '浩', '凯',
  '健', '俊', '帆', '建国', '建华', '国强', '志强', '志明', '海涛', '文杰', '晓东', '永刚', '子豪', '宇航', '浩然',
  '俊杰', '立新', '春生', '德明', '振华', '长江', '卫东', '家豪', '明辉', '庆丰',
] as const;

const FEMALE_GIVEN = [
  '芳', '娜', '敏', '静', '丽', '艳', '娟', '霞', '玲', '婷', '雪', '慧', '颖', '琳', '晶', '倩', '燕', '红', '丹', '萍',
  '洁', '桂英', '秀英', '欣怡', '梦瑶', '思雨', '雨涵', '佳琪', '晓燕', '丽娟', '秀兰', '海燕', '美玲', '春梅', '玉兰',
  '小红', '文静', '雅琴', '淑华', '月英',
] as const;

export type Gender = 'male' | 'female';

/** A name not yet in `taken` (which it joins). */
export function personName(rng: Rng, gender: Gender, taken: Set<string>): string {
  for (;;) {
    const name = rng.pick(SURNAMES) + rng.pick(gender === 'male' ? MALE_GIVEN : FEMALE_GIVEN);
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

const MOBILE_PREFIXES = [
  '130', '131', '132', '133', '135', '136', '137', '138', '139', '150', '151', '152', '155', '156', '158', '159', '177',
  '180', '181', '182', '185', '186', '187', '188', '189', '199',
] as const;

export function mobile(rng: Rng): string {
  return rng.pick(MOBILE_PREFIXES) + rng.digits(8);
}

/** Cities of the Yangtze delta and nearby, with their telephone area codes. */
export const CITIES = [
  ['苏州', '0512'], ['无锡', '0510'], ['常州', '0519'], ['南京', '025'], ['杭州', '0571'], ['宁波', '0574'],
  ['嘉兴', '0573'], ['绍兴', '0575'], ['上海', '021'], ['昆山', '0512'], ['合肥', '0551'], ['温州', '0577'],
  ['南通', '0513'], ['扬州', '0514'], ['湖州', '0572'], ['台州', '0576'], ['金华', '0579'], ['义乌', '0579'],
  ['芜湖', '0553'], ['徐州', '0516'], ['泰州', '0523'], ['镇江', '0511'], ['盐城', '0515'], ['宿迁', '0527'],
] as const;

export type City = (typeof CITIES)[number];

/** An 8-digit landline after the city's area code. */
export function landline(rng: Rng, city: City): string {
  return `${city[1]}-${rng.int(5, 8)}${rng.digits(7)}`;
}

/** Brand-like words of company names (字号). */
export const TRADE_WORDS = [
  '华盛', '恒通', '永泰', '鑫源', '瑞丰', '宏达', '金鹏', '天成', '海润', '信达', '佳和', '正泰', '东方', '新华',
  '盛世', '润泽', '远航', '中联', '汇丰', '广源', '嘉禾', '明德', '万隆', '富康', '欣荣', '同创', '博远', '康达',
  '诚信', '美途', '德力', '凯旋', '安泰', '隆昌', '华美', '顺发', '宏图', '振兴', '丰华', '长青',
] as const;

const DISTRICTS = ['工业园区', '高新区', '经济开发区', '新区', '城东开发区', '临港产业园'] as const;
const ROADS = ['星湖街', '长江路', '黄河路', '人民路', '建设路', '工业大道', '科技路', '创业路', '兴业路', '园区大道',
  '金桥路', '滨江路'] as const;

export function address(rng: Rng, city: City): string {
  return `${city[0]}市${rng.pick(DISTRICTS)}${rng.pick(ROADS)}${rng.int(1, 399)}号`;
}
