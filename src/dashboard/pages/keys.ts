import type { ApiKeyRow } from '../../store/accounts.ts';
import { html, type SafeHtml } from '../html.ts';
import { layout, type Notice, type PageUser, postForm, shownOnce } from './layout.ts';

export function keysPage(
  user: PageUser,
  keys: ApiKeyRow[],
  shown: { key: string; note: string } | null,
  notices: Notice[] = [],
) {
  const rows = keys.map(
    (k) => html`<tr>
<td>${k.mode}</td><td class="mono">${k.prefix}…${k.last_four}</td><td>${k.created_at}</td><td>${k.last_used_at ?? 'never'}</td>
<td>${k.revoked_at ? html`<span class="muted">revoked ${k.revoked_at}</span>` : html`<span class="status-active">active</span>`}</td>
<td>${
      k.revoked_at
        ? ''
        : html`<div class="actions">${postForm(
            user,
            `/dashboard/keys/${k.id}/roll`,
            html`<button type="submit">Roll</button>`,
            {
              inline: true,
              confirm: `Roll the ${k.mode} key ending ${k.last_four}? It stops working at once and a new one replaces it.`,
            },
          )}${postForm(
            user,
            `/dashboard/keys/${k.id}/revoke`,
            html`<button type="submit" class="danger">Revoke</button>`,
            {
              inline: true,
              confirm: `Revoke the ${k.mode} key ending ${k.last_four}? It stops working at once.`,
            },
          )}</div>`
    }</td></tr>`,
  );
  const create = (mode: 'test' | 'live', label: string): SafeHtml =>
    postForm(
      user,
      '/dashboard/keys',
      html`<input type="hidden" name="mode" value="${mode}"><button type="submit" class="primary">${label}</button>`,
      { inline: true },
    );
  return layout({
    title: 'API keys',
    path: '/dashboard/keys',
    user,
    notices,
    body: html`${shown ? shownOnce('new-key', shown.note, shown.key) : ''}
<div class="actions">${create('test', 'Create test key')}${create('live', 'Create live key')}</div>
<section class="card">
<table><thead><tr><th>Mode</th><th>Key</th><th>Created</th><th>Last used</th><th>Status</th><th></th></tr></thead>
<tbody>${rows}</tbody></table>
<p class="muted">Test keys (<code>svc_sk_test_…</code>) see the sandbox; live keys see real register data and count against the allowance. A revoked or rolled key is refused by the API within 10 seconds.</p>
</section>`,
  });
}
