import { roundTo } from './numbers';

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const PLACES = ['', '拾', '佰', '仟'] as const;

/**
 * A whole number of up to 8 digits in capitals ('' for 0): 万 after its upper four digits when they are not all zero;
 * 零 once for any run of zeros between two written digits (20003000 → 贰仟万零叁仟, 100010 → 壹拾万零壹拾).
 */
function upTo8(digits: string): string {
  let out = '';
  let zero = false;
  let inGroup = false;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[i]);
    const pos = digits.length - 1 - i;
    if (d === 0) {
      if (out !== '') zero = true;
    } else {
      if (zero) out += '零';
      zero = false;
      out += DIGITS[d]! + PLACES[pos % 4]!;
      inGroup = true;
    }
    if (pos === 4 && inGroup) out += '万';
    if (pos === 4) inGroup = false;
  }
  return out;
}

/** A whole number in capitals, 亿 after each eight digits (1e12 → 壹万亿); '' for 0. */
function wholeInCapitals(digits: string): string {
  const s = digits.replace(/^0+/, '');
  if (s.length <= 8) return upTo8(s);
  const high = s.slice(0, s.length - 8);
  const low = s.slice(s.length - 8);
  const lowText = upTo8(low);
  // A gap of zeros between 亿 and what follows is read 零 (壹亿零壹元).
  const gap = lowText !== '' && low.startsWith('0');
  return `${wholeInCapitals(high)}亿${gap ? '零' : ''}${lowText}`;
}

/**
 * An amount of money in Chinese capitals (大写金额), as on a bill or a cheque: rounded to the cent, half away from
 * zero (DESIGN §8); 元 after the yuan, then 角 and 分; 整 when there are no cents (壹佰元整, 壹佰元伍角整); 零 for a
 * zero jiao before the fen (壹元零伍分); an amount under one yuan has no 元 (伍角整, 伍分); zero is 零元整; a
 * negative amount (a credit) begins with 负. Non-finite numbers and amounts of 10^16 yuan or more (beyond numeric(18,4)
 * and a double's exact cents) give ''.
 */
export function chineseAmount(amount: number): string {
  if (!Number.isFinite(amount)) return '';
  const r = roundTo(amount, 2);
  const negative = r < 0;
  const fixed = Math.abs(r).toFixed(2);
  const [whole = '0', cents = '00'] = fixed.split('.');
  if (whole.length > 16) return '';
  const jiao = Number(cents[0]);
  const fen = Number(cents[1]);
  const yuan = wholeInCapitals(whole);
  if (yuan === '' && jiao === 0 && fen === 0) return '零元整';
  let out = yuan === '' ? '' : `${yuan}元`;
  if (jiao !== 0) out += `${DIGITS[jiao]}角`;
  else if (fen !== 0 && yuan !== '') out += '零';
  if (fen !== 0) out += `${DIGITS[fen]}分`;
  else out += '整';
  return (negative ? '负' : '') + out;
}
