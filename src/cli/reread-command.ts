import { ConfigError } from '../config.ts';
import { dueDates, sydneyDate } from '../refresh/daily-reread.ts';
import { type RereadSummary, rereadWatched } from '../refresh/reread-watched.ts';
import { createAbrClient } from '../registers/abr-web/client.ts';
import { type Command, clock, UsageError, withStore } from './command.ts';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** `2026-02-31` parses (as 3 March): a real day reads back as itself. */
const isRealDay = (day: string) => {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
};

function print(s: RereadSummary, out: NodeJS.WritableStream) {
  const types = Object.entries(s.events_by_type).map(([t, c]) => `${t} ${c}`);
  out.write(
    [
      `${s.date}: ${s.updated} ABNs changed at the ABR, ${s.read} of them watched and read again (${s.watched} watched in all)`,
      `  changed     ${s.changed}`,
      `  unchanged   ${s.unchanged}`,
      `  skipped     ${s.skipped.length}`,
      ...s.skipped.slice(0, 10).map((k) => `    ${k.abn}: ${k.reason}`),
      `  events      ${s.events}${types.length ? `  (${types.join(', ')})` : ''}`,
      `  deliveries  ${s.deliveries}`,
      '',
    ].join('\n'),
  );
}

export const rereadCommand: Command = {
  usage: `aevs reread [--date YYYY-MM-DD] [--json]

Reads again, from the ABR web services, the watched ABNs (live partition) that the ABR reports as
changed on a day (SearchByUpdateEvent), and stores them with their change events and webhooks: how
watched entities stay current between weekly ABN Bulk Extracts. Without --date, every complete day
not yet read (the last 7 at most), oldest first; a running server does the same every hour.
Needs AEVS_ABR_GUID.`,
  options: {
    date: { type: 'string', description: 'the ABR update date to read (YYYY-MM-DD)' },
    json: { type: 'boolean', description: 'print the summaries as JSON lines' },
  },
  run: async (args, io, config) => {
    const date = args.date === undefined ? undefined : String(args.date);
    if (date !== undefined) {
      if (!ISO_DAY.test(date) || !isRealDay(date)) {
        throw new UsageError(`--date must be a day as YYYY-MM-DD, not "${date}"`);
      }
      if (date >= sydneyDate(clock())) {
        throw new UsageError(`--date ${date} is not over yet in Sydney: the ABR's day must be complete`);
      }
    }
    // The arguments first (a mistake there is 2), then the setting they need (a failure, 1).
    if (!config.abrGuid) throw new ConfigError('AEVS_ABR_GUID is not set: the ABR web services need a GUID');
    const abr = createAbrClient({
      guid: config.abrGuid,
      ...(config.abrBaseUrl ? { baseUrl: config.abrBaseUrl } : {}),
    });
    await withStore(config, async (store) => {
      const dates = date ? [date] : await dueDates(store, clock(), 7);
      if (dates.length === 0) io.stdout.write('nothing to read: every complete day is done\n');
      for (const day of dates) {
        const summary = await rereadWatched({ ctx: { store, clock }, input: { date: day }, abr });
        if (args.json) io.stdout.write(`${JSON.stringify(summary)}\n`);
        else print(summary, io.stdout);
      }
    });
  },
};
