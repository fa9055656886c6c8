import { EVENT_TYPES } from '../../events/types.ts';
import type { DeliveryEntry, Subscription } from '../../watch/schemas.ts';
import { html } from '../html.ts';
import { layout, type Notice, type PageUser, postForm, shownOnce } from './layout.ts';

type Mode = 'test' | 'live';
export type WatchForm = { mode: Mode; entities: string; events: string[]; webhook_url: string };

const table = (mode: Mode, subscriptions: Subscription[]) =>
  html`<section class="card"><h2>${mode === 'test' ? 'Test mode (sandbox)' : 'Live mode'}</h2>
${
  subscriptions.length === 0
    ? html`<p class="muted">No subscriptions yet.</p>`
    : html`<table><thead><tr><th>Subscription</th><th>Status</th><th>Entities</th><th>Events</th><th>Webhook URL</th></tr></thead><tbody>
${subscriptions.map(
  (
    s,
  ) => html`<tr><td><a class="mono" href="/dashboard/watches/${s.id}">${s.id}</a></td><td class="status-${s.status}">${s.status}</td>
<td>${s.entities.length}</td><td>${s.events.join(', ')}</td><td class="mono">${s.webhook_url}</td></tr>`,
)}
</tbody></table>`
}</section>`;

export function watchesPage(
  user: PageUser,
  lists: { test: Subscription[]; live: Subscription[] },
  created: { subscription: Subscription; secret: string } | null,
  form: WatchForm | null,
  notices: Notice[] = [],
) {
  const chosen = new Set(form?.events ?? []);
  return layout({
    title: 'Watches',
    path: '/dashboard/watches',
    user,
    notices,
    body: html`${
      created
        ? html`${shownOnce('new-secret', `Signing secret of ${created.subscription.id}`, created.secret)}<p><a href="/dashboard/watches/${created.subscription.id}">Open ${created.subscription.id}</a></p>`
        : ''
    }
${table('test', lists.test)}
${table('live', lists.live)}
<section class="card"><h2>Create a subscription</h2>
${postForm(
  user,
  '/dashboard/watches',
  html`<label for="mode">Mode</label>
<select id="mode" name="mode"><option value="test"${form?.mode === 'live' ? '' : html` selected`}>test (sandbox)</option><option value="live"${form?.mode === 'live' ? html` selected` : ''}>live</option></select>
<label for="entities">Entities (ABNs or ACNs, one per line or comma-separated)</label>
<textarea id="entities" name="entities" rows="3" required>${form?.entities ?? ''}</textarea>
<fieldset><legend>Events</legend>${EVENT_TYPES.map(
    (e) =>
      html`<label><input type="checkbox" name="events" value="${e}"${chosen.has(e) ? html` checked` : ''}> ${e}</label>`,
  )}</fieldset>
<label for="webhook_url">Webhook URL</label>
<input id="webhook_url" name="webhook_url" type="url" required value="${form?.webhook_url ?? ''}" placeholder="https://hooks.example.com.au/aevs">
<p><button type="submit" class="primary">Create subscription</button></p>`,
)}
</section>`,
  });
}

export function watchPage(
  user: PageUser,
  watch: { subscription: Subscription; mode: Mode },
  deliveries: DeliveryEntry[],
  shownSecret: string | null,
  notices: Notice[] = [],
) {
  const { subscription: s, mode } = watch;
  const base = `/dashboard/watches/${s.id}`;
  const button = (path: string, label: string, confirm?: string, danger = false) =>
    postForm(
      user,
      `${base}/${path}`,
      html`<button type="submit"${danger ? html` class="danger"` : ''}>${label}</button>`,
      confirm ? { inline: true, confirm } : { inline: true },
    );
  return layout({
    title: `Subscription ${s.id}`,
    path: '/dashboard/watches',
    user,
    notices,
    body: html`${shownSecret ? shownOnce('new-secret', 'New signing secret', shownSecret) : ''}
<section class="card">
<p><a href="/dashboard/watches">← Watches</a></p>
<table><tbody>
<tr><th>Mode</th><td>${mode}</td></tr>
<tr><th>Status</th><td class="status-${s.status}">${s.status}</td></tr>
<tr><th>Webhook URL</th><td class="mono">${s.webhook_url}</td></tr>
<tr><th>Events</th><td>${s.events.join(', ')}</td></tr>
<tr><th>Entities</th><td class="mono">${s.entities.map((e) => e.identifier).join(', ')}</td></tr>
<tr><th>Created</th><td>${s.created_at}</td></tr>
</tbody></table>
<div class="actions">
${s.status === 'active' ? button('pause', 'Pause') : button('resume', 'Resume')}
${button('roll-secret', 'Roll secret', 'Roll the signing secret? The current one stops signing at once.')}
${mode === 'test' ? button('test-event', 'Send test event') : ''}
${button('delete', 'Delete', 'Delete this subscription? Undelivered events stop.', true)}
</div>
</section>
<section class="card"><h2>Recent deliveries</h2>
${
  deliveries.length === 0
    ? html`<p class="muted">No deliveries yet.</p>`
    : html`<table><thead><tr><th>Event id</th><th>Type</th><th>Entity</th><th>Status</th><th>Response</th><th>Attempts</th><th>Next attempt</th><th></th></tr></thead><tbody>
${deliveries.map(
  (
    d,
  ) => html`<tr><td class="mono">${d.event_id}</td><td>${d.type}</td><td class="mono">${d.entity.abn ?? d.entity.acn ?? ''}</td>
<td class="status-${d.delivery_status}">${d.delivery_status}</td><td>${d.response_code ?? '—'}</td><td>${d.attempts}</td><td>${d.next_attempt_at ?? '—'}</td>
<td>${d.delivery_status === 'failed' ? button(`deliveries/${d.event_id}/resend`, 'Resend') : ''}</td></tr>`,
)}
</tbody></table>`
}
</section>`,
  });
}
