import type { ActivityRow } from '../../store/dashboard.ts';
import { html } from '../html.ts';
import { layout, type PageUser } from './layout.ts';

export const activityPage = (user: PageUser, entries: ActivityRow[]) =>
  layout({
    title: 'Activity',
    path: '/dashboard/activity',
    user,
    body: html`<section class="card">
<table><thead><tr><th>When</th><th>Who</th><th>What</th><th>Detail</th></tr></thead><tbody>
${entries.map((e) => html`<tr><td>${e.at}</td><td>${e.actor}</td><td>${e.action.replaceAll('_', ' ')}</td><td>${e.detail}</td></tr>`)}
</tbody></table>
<p class="muted">The latest 200 entries. Keys and secrets are never written here.</p>
</section>`,
  });
