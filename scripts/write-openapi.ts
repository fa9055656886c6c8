// Writes docs/openapi.json from the route schemas; with --check, fails when the committed copy differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { openApiDocument } from '../src/app.ts';

const target = new URL('../docs/openapi.json', import.meta.url);
const generated = `${JSON.stringify(openApiDocument(), null, 2)}\n`;

if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {}
  if (committed !== generated) {
    process.stderr.write(
      'docs/openapi.json is out of date with the route schemas: run `npm run openapi` and commit it.\n',
    );
    process.exit(1);
  }
  process.stdout.write('docs/openapi.json is up to date\n');
} else {
  writeFileSync(target, generated);
  process.stdout.write('wrote docs/openapi.json\n');
}
