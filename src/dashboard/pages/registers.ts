import type { SourceStatus } from '../../ingest/list-sources.ts';
import { REGISTERS } from '../../registers/index.ts';
import { html } from '../html.ts';
import { layout, type PageUser } from './layout.ts';

/** Past the freshness limit screening uses for the list (live data only: the sandbox is fixed). */
function stale(source: SourceStatus, partition: 'sandbox' | 'live', now: Date): number | null {
  const limit = REGISTERS.find((r) => r.dataset === source.dataset)?.screening?.maxAgeDays;
  if (partition !== 'live' || limit === undefined || !source.as_of) return null;
  return (now.getTime() - Date.parse(`${source.as_of}T00:00:00Z`)) / 86_400_000 > limit ? limit : null;
}

export function registersPage(
  user: PageUser,
  partitions: { partition: 'sandbox' | 'live'; sources: SourceStatus[] }[],
  now: Date,
) {
  return layout({
    title: 'Registers',
    path: '/dashboard/registers',
    user,
    body: html`${partitions.map(
      ({ partition, sources }) => html`<section class="card">
<h2>${partition === 'live' ? 'Live data (live keys)' : 'Sandbox (test keys)'}</h2>
<table><thead><tr><th>Dataset</th><th>As of</th><th>Records</th><th>Last ingest</th><th>Freshness</th></tr></thead><tbody>
${sources.map((s) => {
  const limit = stale(s, partition, now);
  return html`<tr><td><strong>${s.dataset}</strong><br><span class="muted">${s.title}</span></td>
<td>${s.as_of ?? (s.loaded ? 'unknown' : 'not loaded')}</td><td>${s.records.toLocaleString('en-AU')}</td><td>${s.last_ingest_at ?? 'never'}</td>
<td>${limit === null ? (s.loaded ? 'current' : html`<span class="muted">not loaded</span>`) : html`<span class="stale">stale: older than ${limit} days, screening answers unavailable</span>`}</td></tr>`;
})}
</tbody></table></section>`,
    )}`,
  });
}
