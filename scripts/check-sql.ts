// `npm run check:architecture`, second half: no SQL outside src/store (docs/architecture.md, the
// store). dependency-cruiser checks the imports; this checks the text, since SQL in a string needs
// no import to be written.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Statements and engine-specific clauses as they appear in our SQL: an upper-case keyword at the
 * start of a string, or a clause only SQL has. Prose that merely mentions SQL ("a SELECT scans…")
 * sits in comments, which are not read.
 */
const SQL = [
  /^\s*(SELECT|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX|VIRTUAL|TRIGGER|EXTENSION)|ALTER\s+TABLE|DROP\s+(TABLE|INDEX)|PRAGMA|BEGIN|COMMIT|ROLLBACK|WITH\s+\w+\s+AS)\b/,
  /\b(pg_advisory_\w+|SKIP\s+LOCKED|FOR\s+UPDATE|ON\s+CONFLICT|RETURNING\s+\w+|MATCH\s+\?)\b/,
];

/** String and template literals of a TypeScript source, comments skipped. */
function* literals(source: string): Generator<{ text: string; line: number }> {
  let i = 0;
  let line = 1;
  while (i < source.length) {
    const c = source[i];
    if (c === '\n') line++;
    if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? source.length : end + 2;
      for (let j = i; j < stop; j++) if (source[j] === '\n') line++;
      i = stop;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') {
      const start = line;
      let j = i + 1;
      while (j < source.length && source[j] !== c) {
        if (source[j] === '\\') j++;
        else if (source[j] === '\n') line++;
        j++;
      }
      yield { text: source.slice(i + 1, j), line: start };
      i = j + 1;
      continue;
    }
    i++;
  }
}

/** Where a source holds SQL: each literal that reads as a statement or an engine's clause. */
export function sqlIn(source: string): Array<{ line: number; text: string }> {
  const found: Array<{ line: number; text: string }> = [];
  for (const { text, line } of literals(source)) {
    if (SQL.some((pattern) => pattern.test(text))) found.push({ line, text: text.trim().slice(0, 60) });
  }
  return found;
}

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) yield path;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const store = join(root, 'src', 'store');
  let failed = 0;
  for (const file of sources(join(root, 'src'))) {
    if (file.startsWith(`${store}/`)) continue;
    for (const hit of sqlIn(readFileSync(file, 'utf8'))) {
      failed++;
      console.error(`${relative(root, file)}:${hit.line}: SQL outside src/store: ${hit.text}`);
    }
  }
  if (failed > 0) {
    console.error(`${failed} place(s) hold SQL outside src/store: move them into a named query there.`);
    process.exit(1);
  }
  console.log('no SQL outside src/store');
}
