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
 * Candidate names for a search, from the store's name index, never a full scan, by the same plan on
 * both engines: first the names holding all of the query's rarest tokens (an intersection: fast,
 * and usually enough), a token the index has never seen standing for a typo, searched by its first
 * four letters; only if that finds nothing, names holding any of them, those sharing the most first.
 * Common words such as TRADING are in most rows and make a query slow and its candidates useless.
 * SQLite: FTS5 over the name keys. PostgreSQL: a GIN index of the keys' words, and as the last
 * resort for a typo in a word's first letters, the names' words that read like the query's.
 */
export async function nameCandidates(
  db: Db,
  partition: Partition,
  queryTokens: string[],
): Promise<NameCandidate[]> {
  if (queryTokens.length === 0) return [];
  const distinct = [...new Set(queryTokens)];
  const counts = await (db.engine === 'postgres' ? wordCounts(db, distinct) : vocabularyCounts(db, distinct));
  const byRarity = distinct.sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0));
  // A token the index has never seen is probably misspelt: its first letters find the right one.
  const misspelt = byRarity.filter((t) => !counts.has(t));
  const unknown = misspelt.filter((t) => t.length >= 4).map((t) => t.slice(0, 4));
  const known = byRarity.filter((t) => counts.has(t));
  const search =
    db.engine === 'postgres' ? postgresSearch(db, partition, counts) : sqliteSearch(db, partition);
  const first = [...known.slice(0, 3), ...unknown.slice(0, 1)].length
    ? await search.all(known.slice(0, 3), unknown.slice(0, 1))
    : [];
  if (first.length >= ENOUGH) return first;
  const more =
    known.length + unknown.length > 0 ? await search.any(known.slice(0, 3), unknown.slice(0, 2)) : [];
  const seen = new Set(first.map((c) => `${c.dataset}|${c.record_key}|${c.name}`));
  const found = [...first, ...more.filter((c) => !seen.has(`${c.dataset}|${c.record_key}|${c.name}`))];
  if (found.length > 0 || db.engine !== 'postgres') return found;
  return typoCandidates(db, partition, counts, known.slice(0, 3), misspelt);
}

/** How many names hold each token, from FTS5's vocabulary; a token the index lacks is absent. */
async function vocabularyCounts(db: Db, tokens: string[]): Promise<Map<string, number>> {
  const rows = await db.all<{ term: string; doc: number }>(
    `SELECT term, doc FROM source_names_vocab WHERE term IN (${tokens.map(() => '?').join(', ')})`,
    tokens.map((t) => t.toLowerCase()),
  );
  const byTerm = new Map(rows.map((r) => [r.term, Number(r.doc)]));
  const counts = new Map<string, number>();
  for (const t of tokens) {
    const n = byTerm.get(t.toLowerCase());
    if (n !== undefined) counts.set(t, n);
  }
  return counts;
}

/** Words counted past this are all "common": only the rarest few of a query matter. */
const COUNT_CAP = 1_000;

/**
 * How many names hold each token (up to COUNT_CAP). A word among the most common in PostgreSQL's
 * statistics of the words index is counted from them: probing the index for it would read a long
 * posting list (at 1M names, a place word sits in ~13,000). Any other word is probed, its count
 * stopping at the cap; a token no name holds is absent.
 */
async function wordCounts(db: Db, tokens: string[]): Promise<Map<string, number>> {
  const common = await commonWords(db);
  const counts = new Map<string, number>();
  for (const t of tokens) {
    const known = common.get(t.toLowerCase());
    if (known !== undefined) {
      counts.set(t, Math.min(COUNT_CAP, Math.max(1, known)));
      continue;
    }
    const row = await db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM (
         SELECT 1 FROM source_names WHERE to_tsvector('simple', name_key) @@ to_tsquery('simple', ?) LIMIT ${COUNT_CAP}
       ) x`,
      [lexeme(t)],
    );
    const n = Number(row?.n ?? 0);
    if (n > 0) counts.set(t, n);
  }
  return counts;
}

/** How long the common words are kept where the store cannot tell when an ingest was applied. */
const COMMON_WORDS_MS = 60_000;
const commonWordsKept = new WeakMap<Db, { token: string | null; at: number; words: Map<string, number> }>();

/**
 * The words index's most common words and about how many names hold each, from the statistics
 * ANALYZE keeps (taken after every snapshot load): kept by the process until the next ingest.
 * Empty before the first ANALYZE; then every word is probed.
 */
async function commonWords(db: Db): Promise<Map<string, number>> {
  const token = db.ingestsToken?.() ?? null;
  const kept = commonWordsKept.get(db);
  if (kept && kept.token === token && (token !== null || performance.now() - kept.at < COMMON_WORDS_MS))
    return kept.words;
  const row = await db.get<{ words: string[] | null; freqs: number[] | null; names: number }>(
    `SELECT s.most_common_elems::text::text[] AS words, s.most_common_elem_freqs AS freqs,
            (SELECT c.reltuples FROM pg_class c WHERE c.oid = 'source_names'::regclass) AS names
     FROM pg_stats s WHERE s.schemaname = current_schema() AND s.tablename = 'source_names_words'`,
  );
  const words = new Map<string, number>();
  const names = Number(row?.names ?? 0);
  // The frequencies carry three more values after the words' own (minimum, maximum, null share).
  row?.words?.forEach((word, i) => {
    words.set(word, Math.round(Number(row.freqs?.[i] ?? 0) * names));
  });
  commonWordsKept.set(db, { token, at: performance.now(), words });
  return words;
}

/** A token as one quoted tsquery lexeme (`:*` for a prefix). */
const lexeme = (token: string, prefix = false) => `'${token.replace(/'/g, "''")}'${prefix ? ':*' : ''}`;

type Search = {
  /** Names holding every one of these tokens and prefixes. */
  all: (tokens: string[], prefixes: string[]) => Promise<NameCandidate[]>;
  /** Names holding any of them, those holding the most first. */
  any: (tokens: string[], prefixes: string[]) => Promise<NameCandidate[]>;
};

function sqliteSearch(db: Db, partition: Partition): Search {
  const quote = (t: string) => `"${t.replace(/"/g, '""')}"`;
  const terms = (tokens: string[], prefixes: string[]) => [
    ...tokens.map(quote),
    ...prefixes.map((p) => `${quote(p)}*`),
  ];
  const run = (match: string, ranked: boolean) =>
    db.all<NameCandidate>(
      `SELECT ${COLUMNS} FROM source_names_fts f JOIN source_names n ON n.rowid = f.rowid
         JOIN source_records r ON r.id = n.record_id
       WHERE source_names_fts MATCH ? AND r.partition = ? AND (r.abn IS NOT NULL OR r.acn IS NOT NULL)
       ${ranked ? 'ORDER BY f.rank' : ''} LIMIT ${CANDIDATE_CAP}`,
      [match, partition],
    );
  return {
    all: (tokens, prefixes) => run(terms(tokens, prefixes).join(' AND '), false),
    // BM25: names sharing more of the tokens first.
    any: (tokens, prefixes) => run(terms(tokens, prefixes).join(' OR '), true),
  };
}

function postgresSearch(db: Db, partition: Partition, counts: Map<string, number>): Search {
  const terms = (tokens: string[], prefixes: string[]) => [
    ...tokens.map((t) => ({ lexeme: lexeme(t), weight: 1 / (counts.get(t) ?? 1) })),
    // A prefix stands for a word the index lacks: it weighs like a rare one.
    ...prefixes.map((p) => ({ lexeme: lexeme(p, true), weight: 1 })),
  ];
  const WORDS = "to_tsvector('simple', n.name_key)";
  const run = (tsquery: string, rank: { sql: string; params: unknown[] } | null) =>
    db.all<NameCandidate>(
      `SELECT ${COLUMNS} FROM source_names n JOIN source_records r ON r.id = n.record_id
       WHERE ${WORDS} @@ to_tsquery('simple', ?)
         AND r.partition = ? AND (r.abn IS NOT NULL OR r.acn IS NOT NULL)
       ${rank ? `ORDER BY ${rank.sql} DESC` : ''}
       LIMIT ${CANDIDATE_CAP}`,
      [tsquery, partition, ...(rank?.params ?? [])],
    );
  return {
    all: (tokens, prefixes) =>
      run(
        terms(tokens, prefixes)
          .map((t) => t.lexeme)
          .join(' & '),
        null,
      ),
    // Like BM25: a name holding more of the words ranks higher, and a rarer word counts for more.
    any: (tokens, prefixes) => {
      const all = terms(tokens, prefixes);
      return run(all.map((t) => t.lexeme).join(' | '), {
        sql: all
          .map(() => `(CASE WHEN ${WORDS} @@ to_tsquery('simple', ?) THEN ?::float8 ELSE 0 END)`)
          .join(' + '),
        params: all.flatMap((t) => [t.lexeme, t.weight]),
      });
    },
  };
}

/**
 * How alike a word of the names must be to a word of the query to stand for it (pg_trgm similarity,
 * its default: a transposition in a nine-letter word's first letters scores 0.47). Only the closest
 * few are tried, and the search's own scoring then keeps only the close names.
 */
const WORD_SIMILARITY = 0.3;
/** Words of the names kept for each word of the query the index lacks, of the closest looked at. */
const CLOSE_WORDS = 3;
const CLOSE_LOOKED_AT = 10;

/**
 * PostgreSQL's last resort, for a typo in a word's first letters: each word of the query no name
 * holds is replaced by the names' words that read most like it (pg_trgm similarity, through the
 * trigram index of the names' distinct words) and that some name still holds, and the names holding
 * any of them are searched, a rarer word counting for more.
 */
async function typoCandidates(
  db: Db,
  partition: Partition,
  counts: Map<string, number>,
  rarest: string[],
  misspelt: string[],
) {
  // A word of one or two letters has too few trigrams to read like another.
  const unknown = misspelt.filter((t) => t.length >= 3).slice(0, 2);
  if (unknown.length === 0) return [];
  const alike = await db.transaction(async (tx) => {
    await tx.get("SELECT set_config('pg_trgm.similarity_threshold', ?, true)", [String(WORD_SIMILARITY)]);
    const found: string[][] = [];
    for (const token of unknown) {
      const rows = await tx.all<{ word: string }>(
        `SELECT DISTINCT word, similarity(word, ?) AS s FROM name_words WHERE word % ?
         ORDER BY s DESC, word LIMIT ${CLOSE_LOOKED_AT}`,
        [token, token],
      );
      found.push(rows.map((r) => r.word));
    }
    return found;
  });
  // The words table keeps a word no name holds any more: only words still held are searched.
  const held = await wordCounts(db, [...new Set(alike.flat())]);
  const close = alike.flatMap((words) => words.filter((w) => held.has(w)).slice(0, CLOSE_WORDS));
  if (close.length === 0) return [];
  return postgresSearch(db, partition, new Map([...counts, ...held])).any([...rarest, ...close], []);
}

export const nameQueries = { candidates: nameCandidates };
