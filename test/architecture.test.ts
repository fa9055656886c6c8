import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { sqlIn } from '../scripts/check-sql.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('the architecture rule check', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aevs-architecture-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** dependency-cruiser with our rules over a small tree: the rules each violation broke, by file. */
  function violations(files: Record<string, string>): Map<string, string[]> {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    copyFileSync(join(root, 'tsconfig.json'), join(dir, 'tsconfig.json'));
    copyFileSync(join(root, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
    const run = spawnSync(
      process.execPath,
      [
        join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'),
        'src',
        '--config',
        '.dependency-cruiser.cjs',
        '--output-type',
        'json',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    const result = JSON.parse(run.stdout) as {
      summary: { violations: Array<{ from: string; rule: { name: string } }> };
    };
    const byFile = new Map<string, string[]>();
    for (const v of result.summary.violations)
      byFile.set(v.from, [...(byFile.get(v.from) ?? []), v.rule.name]);
    for (const names of byFile.values()) names.sort();
    return byFile;
  }

  it('refuses SQL engines outside the store, HTTP below it, folder cycles, and passes what is allowed', () => {
    const found = violations({
      'src/store/db.ts': 'export type Db = { all(sql: string): unknown };\nexport const engine = "sqlite";\n',
      'src/store/subscriptions.ts': 'export type SubscriptionRow = { id: string };\n',
      'src/store/store.ts': 'export type Store = { ping(): boolean };\n',
      'src/watch/raw-engine.ts': "import { engine } from '../store/db.ts';\nexport const e = engine;\n",
      'src/watch/db-type.ts': "import type { Db } from '../store/db.ts';\nexport const f = (db: Db) => db;\n",
      'src/watch/row-type.ts':
        "import type { SubscriptionRow } from '../store/subscriptions.ts';\nimport type { Store } from '../store/store.ts';\nexport const g = (r: SubscriptionRow, s: Store) => [r, s];\n",
      'src/http/route.ts': 'export const route = 1;\n',
      'src/mcp/tool.ts': "import { route } from '../http/route.ts';\nexport const tool = route;\n",
      'src/screen/screen.ts':
        "import { resolve } from '../resolve/resolve.ts';\nexport const screen = () => resolve;\n",
      'src/resolve/resolve.ts':
        "import { screen } from '../screen/screen.ts';\nexport const resolve = () => screen;\n",
    });
    assert.deepEqual(found.get('src/watch/raw-engine.ts'), [
      'no-db-type-outside-store',
      'no-engine-outside-store',
      'store-through-its-boundary',
    ]);
    assert.deepEqual(found.get('src/watch/db-type.ts'), ['no-db-type-outside-store']);
    assert.equal(found.get('src/watch/row-type.ts'), undefined, 'row types and the Store are allowed');
    assert.deepEqual(found.get('src/mcp/tool.ts'), ['domain-not-http', 'layer-mcp']);
    assert.ok(found.get('src/screen/screen.ts')?.includes('layer-screen'), 'screen sits below resolve');
    const cycle = [
      ...(found.get('src/screen/screen.ts') ?? []),
      ...(found.get('src/resolve/resolve.ts') ?? []),
    ];
    assert.ok(cycle.includes('no-circular'), 'the cycle is reported');
  });

  it('finds SQL in strings outside the store, not in prose or comments', () => {
    const source = [
      '// SELECT * FROM comments is not read',
      "const a = 'SELECT id FROM subscriptions WHERE id = ?';",
      'const b = `UPDATE deliveries SET status = ? WHERE id = ?`;',
      "const c = await tx.get('SELECT pg_advisory_xact_lock(?)', [1]);",
      "const d = 'Select the register to load';",
      "const e = 'x FOR UPDATE SKIP LOCKED';",
      '/* DELETE FROM x */ const f = "a name";',
    ].join('\n');
    assert.deepEqual(
      sqlIn(source).map((h) => h.line),
      [2, 3, 4, 6],
    );
  });
});
