import { html, type SafeHtml } from '../html.ts';
import { newToken } from '../tokens.ts';

/** What every page behind sign-in knows: who is signed in and the session's CSRF token. */
export type PageUser = { email: string; csrf: string };

export type Notice = { kind: 'error' | 'info'; text: string };

const NAV = [
  ['/dashboard', 'Overview'],
  ['/dashboard/keys', 'API keys'],
  ['/dashboard/watches', 'Watches'],
  ['/dashboard/registers', 'Registers'],
  ['/dashboard/team', 'Team'],
  ['/dashboard/activity', 'Activity'],
] as const;

/**
 * A POST form with the session's CSRF token and a one-time form token (a form sent twice changes
 * nothing the second time); `confirm` asks first, in the browser (assets/dashboard.js).
 */
export const postForm = (
  user: { csrf: string },
  action: string,
  inner: SafeHtml,
  options: { confirm?: string; inline?: boolean } = {},
) =>
  html`<form method="post" action="${action}"${options.inline ? html` class="inline"` : ''}${
    options.confirm ? html` data-confirm="${options.confirm}"` : ''
  }><input type="hidden" name="_csrf" value="${user.csrf}"><input type="hidden" name="_form" value="${newToken()}">${inner}</form>`;

export const notices = (list: readonly Notice[]) =>
  list.map(
    (n) =>
      html`<div class="notice${n.kind === 'error' ? ' error' : ''}" role="${n.kind === 'error' ? 'alert' : 'status'}">${n.text}</div>`,
  );

/** Something shown once (a key, a secret, a link), with a copy button. */
export const shownOnce = (id: string, label: string, value: string) =>
  html`<div class="notice secret" role="status"><strong>${label}</strong>
<p><code id="${id}">${value}</code> <button type="button" data-copy="${id}">Copy</button></p>
<p>This will not be shown again. Copy it now and keep it somewhere safe.</p></div>`;

const htmlDocument = (title: string, header: SafeHtml | '', body: SafeHtml) => html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · aevs dashboard</title>
<link rel="icon" href="/favicon.ico">
<link rel="stylesheet" href="/dashboard/assets/dashboard.css">
<script src="/dashboard/assets/dashboard.js" defer></script>
</head>
<body>
${header}
<main>
${body}
</main>
</body>
</html>
`;

/** A page behind sign-in: the navigation, who is signed in and Sign out. */
export function layout(page: {
  title: string;
  path: string;
  user: PageUser;
  notices?: readonly Notice[];
  body: SafeHtml;
}) {
  const header = html`<header>
<span class="brand">aevs</span>
<nav aria-label="Dashboard">${NAV.map(
    ([href, label]) =>
      html`<a href="${href}"${href === page.path ? html` aria-current="page"` : ''}>${label}</a>`,
  )}</nav>
<span class="who">${page.user.email}</span>
${postForm(page.user, '/dashboard/sign-out', html`<button type="submit">Sign out</button>`, { inline: true })}
</header>`;
  return htmlDocument(
    page.title,
    header,
    html`<h1>${page.title}</h1>${notices(page.notices ?? [])}${page.body}`,
  );
}

/** A page without sign-in: sign-in, an invitation, an error before sign-in. */
export const plainPage = (title: string, body: SafeHtml, list: readonly Notice[] = []) =>
  htmlDocument(title, '', html`<div class="narrow"><h1>${title}</h1>${notices(list)}${body}</div>`);
