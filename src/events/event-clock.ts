/** A wall-clock time in the stored event form (microseconds, UTC), so text comparisons are exact. */
export const storedTime = (d: Date): string => `${d.toISOString().slice(0, 23)}000Z`;

/** A stored time (`YYYY-MM-DDTHH:MM:SS.ffffffZ`) as microseconds since the epoch. */
export function toMicros(stored: string): bigint {
  const ms = Date.parse(`${stored.slice(0, 23)}Z`);
  const micros = /^\d{3}/.exec(stored.slice(23))?.[0] ?? '000';
  return BigInt(ms) * 1000n + BigInt(micros);
}

/** Microseconds since the epoch in the stored form, so text comparison is time comparison. */
export function fromMicros(micros: bigint): string {
  const iso = new Date(Number(micros / 1000n)).toISOString();
  return `${iso.slice(0, 23)}${String(micros % 1000n).padStart(3, '0')}Z`;
}

/** The latest time given out for each context clock. */
const lastGiven = new WeakMap<() => Date, bigint>();

/**
 * The next event time from a context's clock: its wall-clock time with microsecond precision, strictly
 * later than every time given out before for the same clock, so events and deliveries written in
 * the same millisecond still have distinct, increasing times and paging by `created_at` never skips
 * or repeats one (docs/decisions.md, changes polling). Every writer in a process shares the
 * context's one clock, and so one sequence.
 */
export function nextEventTime(clock: () => Date): string {
  const now = BigInt(clock().getTime()) * 1000n;
  const last = lastGiven.get(clock) ?? 0n;
  const next = now > last ? now : last + 1n;
  lastGiven.set(clock, next);
  return fromMicros(next);
}
