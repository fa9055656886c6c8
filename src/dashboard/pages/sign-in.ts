import { html } from '../html.ts';
import { MIN_PASSWORD_LENGTH } from '../passwords.ts';
import { type Notice, plainPage } from './layout.ts';

export const signInPage = (input: { csrf: string; email?: string; notices?: Notice[] }) =>
  plainPage(
    'Sign in',
    html`<form method="post" action="/dashboard/sign-in">
<input type="hidden" name="_csrf" value="${input.csrf}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${input.email ?? ''}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<p><button type="submit" class="primary">Sign in</button></p>
</form>
<p class="muted">No account yet? Ask someone on your team for an invitation link.</p>`,
    input.notices,
  );

export const invitationPage = (input: { csrf: string; email: string; token: string; notices?: Notice[] }) =>
  plainPage(
    'Choose a password',
    html`<p>You are invited to the aevs dashboard as <strong>${input.email}</strong>.</p>
<form method="post" action="/dashboard/invite/${input.token}">
<input type="hidden" name="_csrf" value="${input.csrf}">
<label for="password">Password (at least ${MIN_PASSWORD_LENGTH} characters)</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required>
<p><button type="submit" class="primary">Set password and sign in</button></p>
</form>`,
    input.notices,
  );
