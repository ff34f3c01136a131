import { useTranslation } from 'react-i18next';
import type { PaySlip } from '../../domain/contract/piece-work';
import { localDateTimeString } from '../../domain/rules/date-single';
import { formatForReading } from '../../domain/rules/numbers';
import { useReaderLang } from '../../ui/use-reader-lang';
import { formatPay, formatRate } from './money';

const cell = { border: '1px solid #555', padding: '2px 4px', fontSize: 11 } as const;
const num = { ...cell, textAlign: 'right' } as const;

/**
 * Pay slips for print (PrintView): one page per person — the plant, the period, the person, their records and
 * totals, and a line to sign. Pay columns are left out for a reader who may not see pay.
 */
export function PaySlips({ slips, from, to, site, payHidden }: { slips: readonly PaySlip[]; from: string; to: string; site: string; payHidden: boolean }) {
  const { t } = useTranslation();
  const lang = useReaderLang();
  const printedAt = localDateTimeString(new Date());
  return (
    <>
      {slips.map(s => (
        <section key={s.person_id} className="ipos-print-page" data-testid="pay-slip" data-person={s.person_id} style={{ padding: '8mm' }}>
          <h2 style={{ textAlign: 'center', margin: '0 0 4px', fontSize: 18 }}>{site} {t('piecework.slip_title')}</h2>
          <p style={{ margin: '2px 0', fontSize: 12 }}>{t('piecework.slip_period', { from, to })}</p>
          <p style={{ margin: '2px 0 6px', fontSize: 12 }}>
            {t('piecework.slip_person', { code: s.code ?? '', name: s.name, department: s.department ?? '' })}
          </p>
          <table style={{ borderCollapse: 'collapse', width: '100%' }}>
            <thead>
              <tr>
                <th style={cell}>{t('resources.works.fields.work_date')}</th>
                <th style={cell}>{t('resources.works.fields.worknode_id')}</th>
                <th style={cell}>{t('resources.works.fields.card_show_id')}</th>
                <th style={cell}>{t('resources.works.fields.item_id')}</th>
                <th style={num}>{t('resources.works.fields.quantity')}</th>
                <th style={num}>{t('resources.works.fields.weight')}</th>
                <th style={num}>{t('resources.works.fields.metres')}</th>
                {!payHidden && <th style={num}>{t('resources.works.fields.rate')}</th>}
                {!payHidden && <th style={num}>{t('resources.works.fields.amount')}</th>}
              </tr>
            </thead>
            <tbody>
              {s.rows.map(r => (
                <tr key={r.id}>
                  <td style={cell}>{r.work_date}</td>
                  <td style={cell}>{r.worknode_name}</td>
                  <td style={cell}>{r.card_show_id}</td>
                  <td style={cell}>{r.item_name}</td>
                  <td style={num}>{formatForReading(r.quantity, lang)}</td>
                  <td style={num}>{formatForReading(r.weight, lang)}</td>
                  <td style={num}>{formatForReading(r.metres, lang)}</td>
                  {!payHidden && <td style={num}>{formatRate(r.rate, lang)}</td>}
                  {!payHidden && <td style={num}>{formatPay(r.amount, lang)}</td>}
                </tr>
              ))}
              <tr data-testid="pay-slip-total">
                <td style={{ ...cell, fontWeight: 700 }} colSpan={4}>{t('piecework.total')}（{t('piecework.records')} {s.totals.records}）</td>
                <td style={num}>{formatForReading(s.totals.quantity, lang)}</td>
                <td style={num}>{formatForReading(s.totals.weight, lang)}</td>
                <td style={num}>{formatForReading(s.totals.metres, lang)}</td>
                {!payHidden && <td style={num} />}
                {!payHidden && <td style={{ ...num, fontWeight: 700 }}>{formatPay(s.totals.amount, lang)}</td>}
              </tr>
            </tbody>
          </table>
          <p style={{ marginTop: 16, fontSize: 12, display: 'flex', justifyContent: 'space-between' }}>
            <span>{t('piecework.slip_signature')}</span>
            <span>{t('piecework.slip_printed', { at: printedAt })}</span>
          </p>
        </section>
      ))}
    </>
  );
}
