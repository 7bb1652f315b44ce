import { REPORTS, type ReportId } from '@sanam/contract'
import { formatBaht, formatDay, formatWhole } from '@sanam/web-shared/format'
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { t } from '../../lib/i18n/th.ts'
import type { ReportTable } from './api/get-report.ts'

/** What each report draws: the columns (bars, then a line) and, for a keyed report, which column names a bar. */
const CHARTS: Record<ReportId, { bars: string[]; line?: string; label: string }> = {
  'ggr-by-day': { bars: ['bets', 'wins'], line: 'ggr', label: 'date' },
  'ggr-by-provider': { bars: ['ggr'], label: 'provider_title' },
  'ggr-by-game': { bars: ['ggr'], label: 'game_title' },
  'payments-by-day': { bars: ['deposits', 'withdrawals'], line: 'net', label: 'date' },
  'deposits-by-account': { bars: ['deposits'], label: 'account' },
  'bonus-by-promotion': { bars: ['bonus', 'forfeited'], line: 'cost', label: 'promotion_title' },
  'referral-by-day': { bars: ['commission', 'rebate'], label: 'date' },
  'players-by-day': { bars: ['new_players', 'depositing_players'], line: 'active_players', label: 'date' },
}
const COLOURS = ['#8fe3a4', '#ff8a80', '#7cc4fa']
/** A keyed report charts its largest rows only. */
const MOST = 20

/**
 * The value axis: baht with whole-number labels; counts (players, claims) ticked at whole numbers only, so a day of
 * one or two players never reads 0.5 or a label twice.
 */
export const valueAxis = (money: boolean) => ({ allowDecimals: money, tickFormatter: (v: number) => formatWhole(v) })

/** A report's chart (recharts, drawn at once: no animation); the table beside it holds every figure. */
export function ReportChart(props: { report: ReportId; rows: ReportTable['rows'] }) {
  const chart = CHARTS[props.report]
  const columns = REPORTS[props.report].columns
  const labelOf = (key: string) => columns.find((c) => c.key === key)?.label ?? key
  const money = columns.find((c) => c.key === chart.bars[0])?.type === 'money'
  const byDay = chart.label === 'date'
  const rows = byDay ? props.rows : [...props.rows].sort((a, b) => Number(b[chart.bars[0]!]) - Number(a[chart.bars[0]!])).slice(0, MOST)
  const data = rows.map((row) => ({ ...row, label: byDay ? formatDay(String(row.date)) : String(row[chart.label] ?? row.game ?? row.provider ?? '–') }))
  return (
    <figure className="chart" aria-label={`${t('reports.chart')} ${REPORTS[props.report].title}`}>
      <ResponsiveContainer width="100%" height={300}>
        <ComposedChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 16 }}>
          <CartesianGrid stroke="rgb(255 255 255 / 0.08)" vertical={false} />
          <XAxis dataKey="label" stroke="#a9a6b8" tick={{ fontSize: 12 }} />
          <YAxis stroke="#a9a6b8" tick={{ fontSize: 12 }} {...valueAxis(money)} />
          <Tooltip
            formatter={(value) => (money ? formatBaht(Number(value)) : formatWhole(Number(value)))}
            contentStyle={{ background: '#151523', border: '1px solid rgb(255 255 255 / 0.15)', borderRadius: 8 }}
          />
          <Legend />
          {chart.bars.map((key, i) => (
            <Bar key={key} dataKey={key} name={labelOf(key)} fill={COLOURS[i]} isAnimationActive={false} />
          ))}
          {chart.line && <Line dataKey={chart.line} name={labelOf(chart.line)} stroke="#d4af37" strokeWidth={2} dot={false} isAnimationActive={false} />}
        </ComposedChart>
      </ResponsiveContainer>
      <figcaption className="visually-hidden">{t('reports.chartCaption')}</figcaption>
    </figure>
  )
}
