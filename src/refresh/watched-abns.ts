import type { Partition } from '../ctx.ts';
import type { Db } from '../store/db.ts';

/**
 * Every ABN a subscription of the partition watches: the ABNs watched as such, and the ABN of each
 * watched ACN (the company's ABR or ASIC record names it). Paused subscriptions count: their events
 * are still recorded for polling.
 */
export async function watchedAbns(db: Db, partition: Partition): Promise<Set<string>> {
  const rows = await db.all<{ abn: string }>(
    `SELECT DISTINCT identifier AS abn FROM subscription_entities WHERE partition = ? AND id_type = 'abn'
     UNION
     SELECT DISTINCT r.abn FROM subscription_entities e
       JOIN source_records r ON r.partition = e.partition AND r.acn = e.identifier
     WHERE e.partition = ? AND e.id_type = 'acn' AND r.abn IS NOT NULL
       AND r.dataset IN ('abr-bulk', 'asic-companies') AND r.removed_at IS NULL`,
    [partition, partition],
  );
  return new Set(rows.map((r) => r.abn));
}
