import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/**
 * A browser stand-in over `app.inject()`: keeps the dashboard's cookies, and fills each form's
 * hidden CSRF and one-time tokens from the page it last read, as a browser submitting the form would.
 */
export class DashboardClient {
  readonly cookies = new Map<string, string>();
  lastPage = '';
  readonly app: FastifyInstance;
  readonly ip: string;

  constructor(app: FastifyInstance, ip = '127.0.0.1') {
    this.app = app;
    this.ip = ip;
  }

  #keep(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    if (String(res.headers['content-type'] ?? '').startsWith('text/html')) this.lastPage = res.body;
    return res;
  }

  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async get(url: string) {
    return this.#keep(
      await this.app.inject({
        method: 'GET',
        url,
        remoteAddress: this.ip,
        headers: { cookie: this.cookieHeader },
      }),
    );
  }

  /** The hidden fields of the page's form that posts to `action`. */
  formFields(action: string, page = this.lastPage): Record<string, string> {
    const at = page.indexOf(`action="${action}"`);
    if (at < 0) throw new Error(`no form posting to ${action} on the page`);
    const form = page.slice(at, page.indexOf('</form>', at));
    const fields: Record<string, string> = {};
    for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      fields[m[1] as string] = m[2] as string;
    return fields;
  }

  /** Submits the page's form for `action` with these fields on top of its hidden ones. */
  async submit(
    action: string,
    values: Record<string, string | string[]> = {},
    options: { raw?: boolean } = {},
  ) {
    const fields = options.raw ? {} : this.formFields(action);
    return this.post(action, { ...fields, ...values });
  }

  async post(url: string, values: Record<string, string | string[]>) {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(values)) for (const one of [v].flat()) body.append(k, one);
    return this.#keep(
      await this.app.inject({
        method: 'POST',
        url,
        remoteAddress: this.ip,
        headers: { cookie: this.cookieHeader, 'content-type': 'application/x-www-form-urlencoded' },
        payload: body.toString(),
      }),
    );
  }
}
