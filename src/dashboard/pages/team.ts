import { html } from '../html.ts';
import { layout, type Notice, type PageUser, postForm, shownOnce } from './layout.ts';

export function teamPage(
  user: PageUser,
  users: { id: string; email: string; created_at: string }[],
  invitation: { email: string; link: string } | null,
  notices: Notice[] = [],
) {
  return layout({
    title: 'Team',
    path: '/dashboard/team',
    user,
    notices,
    body: html`${invitation ? shownOnce('invitation-link', `Invitation link for ${invitation.email} (valid 24 hours, once)`, invitation.link) : ''}
<section class="card">
<table><thead><tr><th>Email</th><th>Joined</th><th></th></tr></thead><tbody>
${users.map(
  (u) =>
    html`<tr><td>${u.email}</td><td>${u.created_at}</td><td>${postForm(
      user,
      `/dashboard/team/${u.id}/remove`,
      html`<button type="submit" class="danger">Remove</button>`,
      { inline: true, confirm: `Remove ${u.email}? Their sessions end at once.` },
    )}</td></tr>`,
)}
</tbody></table>
</section>
<section class="card">
<h2>Invite someone</h2>
${postForm(
  user,
  '/dashboard/team/invite',
  html`<label for="invite-email">Email</label><input id="invite-email" name="email" type="email" required>
<p><button type="submit" class="primary">Invite</button></p>`,
)}
</section>`,
  });
}
