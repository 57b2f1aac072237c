import type { TReport } from '#shared/schemas/analytics.ts';
import { escapeHtml as esc } from '#server/mail/templates.ts';
import { periodLabel } from './reports.service.ts';

/**
 * One report as a standalone HTML page (inline CSS and SVG, nothing fetched): what the PDF is
 * printed from. Every value is escaped.
 */

export const DONUT_COLOURS = ['#3b82f6', '#10b981', '#f59e0b', '#ef4444', '#8b5cf6'];
const fmt = (n: number) => n.toLocaleString('en-US');

function weeklyBars(report: TReport): string {
  const weeks = report.details?.weeks ?? [];
  if (!weeks.length) return '<p class="muted">No weekly traffic recorded.</p>';
  const max = Math.max(1, ...weeks.map((w) => w.visitors));
  const w = 640;
  const h = 200;
  const slot = w / weeks.length;
  const bar = Math.min(56, slot * 0.6);
  const bars = weeks
    .map((wk, i) => {
      const bh = Math.round((wk.visitors / max) * (h - 50));
      const x = i * slot + (slot - bar) / 2;
      return `<rect x="${x.toFixed(1)}" y="${h - 30 - bh}" width="${bar.toFixed(1)}" height="${bh}" rx="3" fill="#3b82f6"/>
<text x="${(x + bar / 2).toFixed(1)}" y="${h - 34 - bh}" text-anchor="middle" font-size="11" fill="#0f172a">${fmt(wk.visitors)}</text>
<text x="${(x + bar / 2).toFixed(1)}" y="${h - 12}" text-anchor="middle" font-size="10" fill="#475569">${esc(wk.label)}</text>`;
    })
    .join('\n');
  return `<svg viewBox="0 0 ${w} ${h}" width="100%" role="img" aria-label="Visitors per week">${bars}</svg>`;
}

function donut(report: TReport): string {
  const sources = report.details?.sources ?? [];
  if (!sources.length) return '<p class="muted">No traffic sources recorded.</p>';
  const total = sources.reduce((a, s) => a + s.sessions, 0) || 1;
  const r = 60;
  const c = 2 * Math.PI * r;
  let offset = 0;
  const arcs = sources
    .map((s, i) => {
      const len = (s.sessions / total) * c;
      const arc = `<circle r="${r}" cx="80" cy="80" fill="none" stroke="${DONUT_COLOURS[i % 5]}" stroke-width="28" stroke-dasharray="${len.toFixed(2)} ${(c - len).toFixed(2)}" stroke-dashoffset="${(-offset).toFixed(2)}" transform="rotate(-90 80 80)"/>`;
      offset += len;
      return arc;
    })
    .join('');
  const legend = sources
    .map(
      (s, i) =>
        `<li><span class="dot" style="background:${DONUT_COLOURS[i % 5]}"></span>${esc(s.source)}${s.medium ? ` <span class="muted">(${esc(s.medium)})</span>` : ''} — ${s.percentage.toFixed(1)}%</li>`,
    )
    .join('');
  return `<div class="donut"><svg viewBox="0 0 160 160" width="160" height="160" role="img" aria-label="Traffic sources">${arcs}</svg><ul class="legend">${legend}</ul></div>`;
}

export function reportHtml(report: TReport, businessName: string, brandColor = '#2563eb'): string {
  const d = report.details;
  const rate = report.conversionRate === null ? '—' : `${report.conversionRate.toFixed(1)}%`;
  const keywords = d?.keywords ?? [];
  const kw = keywords.length
    ? `<ol class="kw">${keywords.map((k) => `<li>${esc(k.query)} <span class="muted">— ${fmt(k.clicks)} clicks, position ${k.position.toFixed(1)}</span></li>`).join('')}</ol>`
    : '<p class="muted">No Search Console keywords for this period (connect Google Search Console in Settings).</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(businessName)} — Website report</title>
<style>
body{font-family:Arial,Helvetica,sans-serif;color:#0f172a;margin:0;padding:32px;font-size:13px}
h1{font-size:22px;margin:0;color:${esc(brandColor)}}h2{font-size:15px;margin:28px 0 10px}
.muted{color:#64748b}.cards{display:grid;grid-template-columns:repeat(4,1fr);gap:12px;margin-top:20px}
.card{border:1px solid #e2e8f0;border-radius:8px;padding:12px}.card b{display:block;font-size:20px;margin-top:4px}
.donut{display:flex;align-items:center;gap:24px}.legend{list-style:none;padding:0;margin:0}.legend li{margin:4px 0}
.dot{display:inline-block;width:10px;height:10px;border-radius:50%;margin-right:6px}.kw li{margin:4px 0}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e2e8f0;padding:6px;text-align:left}
</style></head><body>
<h1>${esc(businessName)}</h1>
<p><strong>Website report</strong> · ${esc(periodLabel(report))}<br><span class="muted">Generated ${esc(report.generatedAt.slice(0, 16).replace('T', ' '))} UTC · Google Analytics 4</span></p>
<div class="cards">
<div class="card">Total traffic<b>${fmt(report.traffic)}</b><span class="muted">sessions</span></div>
<div class="card">Conversions<b>${fmt(report.conversions)}</b><span class="muted">${fmt(d?.leadConversions ?? 0)} converted leads + ${fmt(d?.keyEvents ?? 0)} key events</span></div>
<div class="card">Conversion rate<b>${rate}</b><span class="muted">conversions / traffic</span></div>
<div class="card">Users<b>${fmt(d?.users ?? 0)}</b><span class="muted">${fmt(d?.pageviews ?? 0)} page views</span></div>
</div>
<h2>Traffic by week</h2>${weeklyBars(report)}
<h2>Traffic sources</h2>${donut(report)}
<h2>Top keywords</h2>${kw}
${report.topPages.length ? `<h2>Top pages</h2><table><tbody>${report.topPages.map((p) => `<tr><td>${esc(p)}</td></tr>`).join('')}</tbody></table>` : ''}
</body></html>`;
}
