import { describe, expect, it } from 'vitest';
import { chineseAmount } from './chinese-amount';

describe('chineseAmount', () => {
  it.each([
    [0, '零元整'],
    [1, '壹元整'],
    [10, '壹拾元整'],
    [15, '壹拾伍元整'],
    [100.5, '壹佰元伍角整'],
    [0.5, '伍角整'],
    [0.05, '伍分'],
    [0.55, '伍角伍分'],
    [1.05, '壹元零伍分'],
    [10.01, '壹拾元零壹分'],
    [1004.3, '壹仟零肆元叁角整'],
    [1680.32, '壹仟陆佰捌拾元叁角贰分'],
    [10_000, '壹万元整'],
    [100_010, '壹拾万零壹拾元整'],
    [20_003_000, '贰仟万零叁仟元整'],
    [1_000_000, '壹佰万元整'],
    [100_000_000, '壹亿元整'],
    [100_000_001, '壹亿零壹元整'],
    [230_000_500, '贰亿叁仟万零伍佰元整'],
    [1_000_000_000_000, '壹万亿元整'],
    [1_234_500_000_000, '壹万贰仟叁佰肆拾伍亿元整'],
    [308.332, '叁佰零捌元叁角叁分'],
  ])('%s → %s', (n, text) => {
    expect(chineseAmount(n)).toBe(text);
  });

  it('rounds to the cent half away from zero, once', () => {
    expect(chineseAmount(0.005)).toBe('壹分');
    expect(chineseAmount(2.675)).toBe('贰元陆角捌分');
    expect(chineseAmount(-0.005)).toBe('负壹分');
    expect(chineseAmount(0.0049)).toBe('零元整');
  });

  it('writes a credit with 负', () => {
    expect(chineseAmount(-1200)).toBe('负壹仟贰佰元整');
    expect(chineseAmount(-0.3)).toBe('负叁角整');
  });

  it('gives nothing for what is not an amount', () => {
    expect(chineseAmount(Number.NaN)).toBe('');
    expect(chineseAmount(Number.POSITIVE_INFINITY)).toBe('');
    expect(chineseAmount(1e17)).toBe('');
  });
});
