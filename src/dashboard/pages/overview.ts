import { html } from '../html.ts';
import { layout, type PageUser } from './layout.ts';

type History = {
  current: { period: string; live_requests: number; allowance: number; remaining: number };
  days: { day: string; live_requests: number }[];
  months: { period: string; live_requests: number }[];
};

/** Live requests per day as bars: an inline SVG drawn here, no script. */
function chart(days: History['days']) {
  const width = 620;
  const height = 160;
  const top = Math.max(1, ...days.map((d) => d.live_requests));
  const slot = width / 31;
  return html`<svg class="chart" viewBox="0 0 ${width} ${height + 20}" role="img" aria-label="Live requests per day this month">
${days.map((d, i) => {
  const h = Math.round((d.live_requests / top) * height);
  return html`<rect x="${(i * slot + 2).toFixed(1)}" y="${height - h}" width="${(slot - 4).toFixed(1)}" height="${h}"><title>${d.day}: ${d.live_requests}</title></rect>${
    (i + 1) % 5 === 1 ? html`<text x="${(i * slot + 2).toFixed(1)}" y="${height + 14}">${i + 1}</text>` : ''
  }`;
})}
</svg>`;
}

export const overviewPage = (user: PageUser, history: History) => {
  const { current } = history;
  return layout({
    title: 'Overview',
    path: '/dashboard',
    user,
    body: html`<section class="card">
<h2>This month (${current.period}, UTC)</h2>
<p><strong>${current.live_requests.toLocaleString('en-AU')}</strong> live requests of an allowance of ${current.allowance.toLocaleString('en-AU')} (${current.remaining.toLocaleString('en-AU')} remaining). Test keys count nothing; the allowance never blocks a request.</p>
<meter min="0" max="${current.allowance}" value="${Math.min(current.live_requests, current.allowance)}"></meter>
<h2>Live requests per day</h2>
${chart(history.days)}
</section>
<section class="card">
<h2>The last 12 months</h2>
<table><thead><tr><th>Month</th><th>Live requests</th></tr></thead><tbody>
${[...history.months].reverse().map((m) => html`<tr><td>${m.period}</td><td>${m.live_requests.toLocaleString('en-AU')}</td></tr>`)}
</tbody></table>
</section>`,
  });
};
