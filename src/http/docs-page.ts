/** The API reference at /docs: plain HTML rendered from the OpenAPI document, no scripts, no CDN. */

type Json = Record<string, unknown>;

const esc = (s: unknown): string =>
  String(s).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const code = (s: string) => esc(s).replace(/`([^`]+)`/g, '<code>$1</code>');

const pre = (value: unknown) => `<pre>${esc(JSON.stringify(value, null, 2))}</pre>`;

function renderOperation(path: string, method: string, op: Json): string {
  const params = (op.parameters as Json[]) ?? [];
  const responses = Object.entries((op.responses as Record<string, Json>) ?? {});
  const body = (op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined;
  return `
<section id="${esc(op.operationId)}">
  <h3><span class="m ${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>
  <p><strong>${esc(op.summary)}</strong>${(op.security as unknown[]).length ? ' · needs a bearer key' : ' · no key needed'}</p>
  ${op.description ? `<p>${code(String(op.description))}</p>` : ''}
  ${
    params.length
      ? `<table><tr><th>parameter</th><th>in</th><th>required</th><th>description</th></tr>${params
          .map(
            (p) =>
              `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td>${code(String(p.description ?? ''))}</td></tr>`,
          )
          .join('')}</table>`
      : ''
  }
  ${body ? `<h4>Request body</h4>${pre(body['application/json']?.schema)}` : ''}
  ${responses
    .map(([status, r]) => {
      const content = Object.values((r.content as Record<string, Json>) ?? {})[0] ?? {};
      const examples = Object.entries((content.examples as Record<string, Json>) ?? {});
      return `<details><summary><strong>${esc(status)}</strong> ${esc(r.description)}</summary>${examples
        .map(([name, ex]) => `<p><em>${esc(name)}</em></p>${pre(ex.value)}`)
        .join('')}${content.schema ? `<p>Schema</p>${pre(content.schema)}` : ''}</details>`;
    })
    .join('\n')}
</section>`;
}

export function renderDocsPage(doc: Json): string {
  const info = doc.info as Json;
  const paths = Object.entries(doc.paths as Record<string, Record<string, Json>>);
  const operations = paths.flatMap(([path, methods]) =>
    Object.entries(methods).map(([m, op]) => ({ path, m, op })),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title)} · API reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
code,pre{font:13px ui-monospace,monospace}pre{background:#f4f5f7;padding:.6rem;overflow:auto;border-radius:4px}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #d0d4da;padding:.2rem .5rem;text-align:left}
section{border-top:1px solid #d0d4da;padding-top:.5rem;margin-top:1.5rem}.m{font-weight:700;padding:0 .3rem;border-radius:3px;color:#fff;background:#555}
.get{background:#2f6f3e}.post{background:#1f5fa8}.patch{background:#8a5a00}.delete{background:#a8321f}
</style></head><body>
<h1>${esc(info.title)}</h1><p>Version ${esc(info.version)} · <a href="/v1/openapi.json">OpenAPI 3.1 document</a></p>
<p>${code(String(info.description))}</p>
<h2>Endpoints</h2><ul>${operations
    .map(
      ({ path, m, op }) =>
        `<li><a href="#${esc(op.operationId)}">${esc(m.toUpperCase())} ${esc(path)}</a>: ${esc(op.summary)}</li>`,
    )
    .join('')}</ul>
${operations.map(({ path, m, op }) => renderOperation(path, m, op)).join('\n')}
<h2>Schemas</h2><p>Shared by the operations above (<code>#/components/schemas/…</code>); <code>Error</code> is the envelope of every error.</p>
${Object.entries((doc.components as { schemas: Record<string, Json> }).schemas)
  .map(([name, schema]) => `<h3 id="schema-${esc(name)}">${esc(name)}</h3>${pre(schema)}`)
  .join('\n')}
</body></html>`;
}
