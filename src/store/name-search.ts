import type { Partition } from '../ctx.ts';
import type { Db } from './db.ts';

export type NameCandidate = {
  dataset: string;
  record_key: string;
  name: string;
  name_type: string;
  name_key: string;
  abn: string | null;
  acn: string | null;
};

const CANDIDATE_CAP = 300;
/** Candidates from the intersection that make the wider, ranked query unnecessary. */
const ENOUGH = 1;
const COLUMNS = 'r.dataset, r.record_key, n.name, n.name_type, n.name_key, r.abn, r.acn';

/**
 * Candidate names for a search, from the store's name index, never a full scan. SQLite: FTS5 over
 * the name keys, queried with the rarest query tokens (common words such as TRADING are in most
 * rows and make the query slow and the candidates useless), plus a prefix of the rarest token for
 * typos, best-ranked (BM25: names sharing more of those tokens) first. PostgreSQL: pg_trgm similarity on the same keys.
 */
export async function nameCandidates(
  db: Db,
  partition: Partition,
  queryTokens: string[],
): Promise<NameCandidate[]> {
  if (queryTokens.length === 0) return [];
  if (db.engine === 'postgres') {
    const key = [...queryTokens].sort().join(' ');
    return db.all<NameCandidate>(
      `SELECT ${COLUMNS} FROM source_names n JOIN source_records r ON r.id = n.record_id
       WHERE n.name_key % ? AND r.partition = ? AND (r.abn IS NOT NULL OR r.acn IS NOT NULL)
       ORDER BY similarity(n.name_key, ?) DESC LIMIT ${CANDIDATE_CAP}`,
      [key, partition, key],
    );
  }
  const counts = new Map(
    (
      await db.all<{ term: string; doc: number }>(
        `SELECT term, doc FROM source_names_vocab WHERE term IN (${queryTokens.map(() => '?').join(', ')})`,
        queryTokens.map((t) => t.toLowerCase()),
      )
    ).map((r) => [r.term, Number(r.doc)]),
  );
  const byRarity = [...new Set(queryTokens)].sort(
    (a, b) => (counts.get(a.toLowerCase()) ?? 0) - (counts.get(b.toLowerCase()) ?? 0),
  );
  const quote = (t: string) => `"${t.replace(/"/g, '""')}"`;
  // A token the index has never seen is probably misspelt: its first letters find the right one.
  const unknown = byRarity
    .filter((t) => !counts.has(t.toLowerCase()) && t.length >= 4)
    .map((t) => `${quote(t.slice(0, 4))}*`);
  const known = byRarity.filter((t) => counts.has(t.toLowerCase())).map(quote);
  const run = (match: string, ranked: boolean) =>
    db.all<NameCandidate>(
      `SELECT ${COLUMNS} FROM source_names_fts f JOIN source_names n ON n.rowid = f.rowid
         JOIN source_records r ON r.id = n.record_id
       WHERE source_names_fts MATCH ? AND r.partition = ? AND (r.abn IS NOT NULL OR r.acn IS NOT NULL)
       ${ranked ? 'ORDER BY f.rank' : ''} LIMIT ${CANDIDATE_CAP}`,
      [match, partition],
    );
  // First the names holding all of the rarest tokens (an intersection: fast, and usually enough);
  // then, if that finds too few, any of them, the names sharing the most ranked first (BM25).
  const all = [...known.slice(0, 3), ...unknown.slice(0, 1)];
  const first = all.length ? await run(all.join(' AND '), false) : [];
  if (first.length >= ENOUGH) return first;
  const any = [...known.slice(0, 3), ...unknown.slice(0, 2)];
  if (any.length === 0) return first;
  const more = await run(any.join(' OR '), true);
  const seen = new Set(first.map((c) => `${c.dataset}|${c.record_key}|${c.name}`));
  return [...first, ...more.filter((c) => !seen.has(`${c.dataset}|${c.record_key}|${c.name}`))];
}

export const nameQueries = { candidates: nameCandidates };
