import { html } from '../html.ts';
import { layout, type PageUser, plainPage } from './layout.ts';

/** An error page: with the navigation when someone is signed in. Never internal detail. */
export const errorPage = (title: string, message: string, user: PageUser | null) =>
  user
    ? layout({
        title,
        path: '',
        user,
        notices: [{ kind: 'error', text: message }],
        body: html`<p><a href="/dashboard">Back to the overview</a></p>`,
      })
    : plainPage(title, html`<p><a href="/dashboard/sign-in">Sign in</a></p>`, [
        { kind: 'error', text: message },
      ]);
