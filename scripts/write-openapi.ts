// Writes docs/openapi.json from the route schemas, and client/schema.d.ts (the typed client's types)
// from that document with openapi-typescript; with --check, fails when a committed copy differs.
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from '../src/app.ts';

const document = `${JSON.stringify(openApiDocument(), null, 2)}\n`;
const types = astToString(await openapiTS(document));

const files = [
  { path: 'docs/openapi.json', text: document },
  {
    path: 'client/schema.d.ts',
    text: `// Generated from docs/openapi.json by \`npm run openapi\` (openapi-typescript): do not edit.\n\n${types}`,
  },
];

const check = process.argv.includes('--check');
let stale = false;
for (const { path, text } of files) {
  const target = new URL(`../${path}`, import.meta.url);
  if (!check) {
    writeFileSync(target, text);
    process.stdout.write(`wrote ${path}\n`);
    continue;
  }
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {}
  if (committed === text) {
    process.stdout.write(`${path} is up to date\n`);
  } else {
    process.stderr.write(
      `${path} is out of date with the route schemas: run \`npm run openapi\` and commit it.\n`,
    );
    stale = true;
  }
}
if (stale) process.exit(1);
