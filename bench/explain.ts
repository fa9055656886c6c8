// For bench:scale: the query plans of a name search, as the engine ran them. A Db that, before each
// SELECT, has the engine explain it (PostgreSQL: EXPLAIN (ANALYZE, BUFFERS), which runs it; SQLite:
// EXPLAIN QUERY PLAN), then runs it as usual.
import type { Db } from '../src/store/db.ts';

export type Plan = { sql: string; lines: string[] };

export function explaining(db: Db, plans: Plan[]): Db {
  const explain = async (d: Db, sql: string, params?: readonly unknown[]) => {
    if (!/^\s*SELECT/i.test(sql) || /set_config/.test(sql)) return;
    const lines =
      d.engine === 'postgres'
        ? (await d.all<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql}`, params)).map(
            (r) => r['QUERY PLAN'],
          )
        : (await d.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params)).map((r) => r.detail);
    plans.push({ sql: sql.replace(/\s+/g, ' ').trim(), lines });
  };
  const wrap = (d: Db): Db => ({
    engine: d.engine,
    all: async <T>(sql: string, params?: readonly unknown[]) => {
      await explain(d, sql, params);
      return d.all<T>(sql, params);
    },
    get: async <T>(sql: string, params?: readonly unknown[]) => {
      await explain(d, sql, params);
      return d.get<T>(sql, params);
    },
    run: (sql, params) => d.run(sql, params),
    exec: (sql) => d.exec(sql),
    transaction: (fn) => d.transaction((tx) => fn(wrap(tx))),
    close: () => d.close(),
  });
  return wrap(db);
}
