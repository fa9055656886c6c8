import { parseArgs } from 'node:util';
import { quotable } from '../accounts/api-key.ts';
import { createAccount } from '../accounts/create-account.ts';
import { getUsage } from '../accounts/get-usage.ts';
import { createKey, listKeys, revokeKey, rollKey } from '../accounts/keys.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { AppError } from '../errors.ts';
import { IngestError } from '../ingest/ingest.ts';
import { AbrFailure } from '../registers/abr-web/errors.ts';
import { startServer } from '../server.ts';
import { type Command, clock, type Io, str, UsageError, withStore } from './command.ts';
import { ingestCommand, sourcesCommand } from './ingest-commands.ts';
import { rereadCommand } from './reread-command.ts';
import { SyncFailed, syncCommand } from './sync-command.ts';
import { usersCommands } from './users-commands.ts';

export type { Io };

const COMMANDS: Record<string, Command> = {
  serve: {
    usage:
      'aevs serve\n\nStarts the HTTP server (REST under /v1) on PORT, with the store in AEVS_DATA_DIR or AEVS_DATABASE_URL.',
    run: async (_args, _io, config) => {
      await startServer(config);
      await new Promise(() => undefined); // runs until a signal stops the server
    },
  },
  'accounts create': {
    usage: 'aevs accounts create --name NAME\n\nCreates an account and prints its id (acct_…).',
    options: { name: { type: 'string', description: 'the account name', required: true } },
    run: async (args, io, config) => {
      if (str(args.name).trim() === '') throw new UsageError('--name must not be blank');
      const account = await withStore(
        config,
        (store) => createAccount({ ctx: { store, clock }, input: { name: str(args.name) } }),
        { create: true },
      );
      io.stdout.write(`${account.id}\n`);
    },
  },
  'keys create': {
    usage:
      'aevs keys create --account ACCOUNT_ID --mode test|live\n\nCreates an API key and prints it, once, on stdout. Only its hash is stored: it cannot be shown again.',
    options: {
      account: { type: 'string', description: 'the account id (acct_…)', required: true },
      mode: {
        type: 'string',
        description: 'test (sandbox fixtures) or live (real data)',
        required: true,
        choices: ['test', 'live'],
      },
    },
    run: async (args, io, config) => {
      const { key } = await withStore(config, (store) =>
        createKey({
          ctx: { store, clock },
          input: { accountId: str(args.account), mode: args.mode as 'test' | 'live' },
        }),
      );
      io.stdout.write(`${key}\n`);
    },
  },
  'keys list': {
    usage:
      'aevs keys list --account ACCOUNT_ID\n\nLists the keys of an account: id, mode, prefix, last four, created, last used, revoked. Never the key.',
    options: { account: { type: 'string', description: 'the account id (acct_…)', required: true } },
    run: async (args, io, config) => {
      const keys = await withStore(config, (store) =>
        listKeys({ ctx: { store, clock }, input: { accountId: str(args.account) } }),
      );
      const rows = [
        ['ID', 'MODE', 'PREFIX', 'LAST4', 'CREATED', 'LAST USED', 'REVOKED'],
        ...keys.map((k) => [
          k.id,
          k.mode,
          k.prefix,
          k.last_four,
          k.created_at,
          k.last_used_at ?? '-',
          k.revoked_at ?? '-',
        ]),
      ];
      const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
      for (const row of rows)
        io.stdout.write(
          `${row
            .map((cell, i) => cell.padEnd(widths[i] ?? 0))
            .join('  ')
            .trimEnd()}\n`,
        );
    },
  },
  'keys roll': {
    usage:
      'aevs keys roll --account ACCOUNT_ID --key KEY_ID\n\nRevokes the key at once and prints a new key of the same mode, once, on stdout.\nA running server stops accepting the old key within 10 seconds.',
    options: {
      account: { type: 'string', description: 'the account id (acct_…)', required: true },
      key: { type: 'string', description: 'the key id (key_…), from keys list', required: true },
    },
    run: async (args, io, config) => {
      const { key } = await withStore(config, (store) =>
        rollKey({ ctx: { store, clock }, input: { accountId: str(args.account), keyId: str(args.key) } }),
      );
      io.stdout.write(`${key}\n`);
    },
  },
  'keys revoke': {
    usage:
      'aevs keys revoke --account ACCOUNT_ID --key KEY_ID\n\nRevokes the key. A running server stops accepting it within 10 seconds.',
    options: {
      account: { type: 'string', description: 'the account id (acct_…)', required: true },
      key: { type: 'string', description: 'the key id (key_…), from keys list', required: true },
    },
    run: async (args, io, config) => {
      const revoked = await withStore(config, (store) =>
        revokeKey({ ctx: { store, clock }, input: { accountId: str(args.account), keyId: str(args.key) } }),
      );
      io.stdout.write(`revoked ${revoked.id} at ${revoked.revoked_at}\n`);
    },
  },
  ...usersCommands,
  ingest: ingestCommand,
  sources: sourcesCommand,
  reread: rereadCommand,
  sync: syncCommand,
  usage: {
    usage:
      'aevs usage --account ACCOUNT_ID [--json]\n\nLive-key requests this calendar month (UTC) against the allowance (AEVS_MONTHLY_ALLOWANCE).\nA running server writes its counts every 5 seconds.',
    options: {
      account: { type: 'string', description: 'the account id (acct_…)', required: true },
      json: { type: 'boolean', description: 'print JSON, as GET /v1/usage does' },
    },
    run: async (args, io, config) => {
      const usage = await withStore(config, async (store) => {
        if (!(await store.accounts.find(str(args.account)))) {
          throw new AppError('not_found', `No account ${quotable(str(args.account))}.`);
        }
        return getUsage({
          ctx: { store, clock },
          input: { accountId: str(args.account), allowance: config.monthlyAllowance },
        });
      });
      io.stdout.write(
        args.json
          ? `${JSON.stringify(usage)}\n`
          : `period          ${usage.period}\nlive requests   ${usage.live_requests}\nallowance       ${usage.allowance} (soft cap: never blocks)\nremaining       ${usage.remaining}\n`,
      );
    },
  },
};

const TOP_USAGE = `aevs: the Australian Entity Verification Service

Usage: aevs <command> [options]

Commands:
  serve                                       start the HTTP server
  accounts create --name NAME                 create an account; prints its id
  keys create --account ID --mode test|live   create an API key; prints it once
  keys list --account ID                      list an account's keys (never the keys themselves)
  keys roll --account ID --key KEY_ID         revoke a key and print its replacement
  keys revoke --account ID --key KEY_ID       revoke a key
  users invite --account ID --email EMAIL     print a one-time invitation link to the dashboard
  users list --account ID                     list an account's dashboard users
  users remove --account ID --email EMAIL     remove a dashboard user (their sessions end)
  usage --account ID                          live requests this month against the allowance
  ingest DATASET FILE|FOLDER|ZIP|URL...       load a register snapshot (--partition live|sandbox)
  sources                                     the registers, loaded or not (--partition, --json)
  reread [--date YYYY-MM-DD]                  re-read watched ABNs the ABR reports as changed
  sync [DATASET...]                           fetch registers from their official sources (--json)

Every command takes --help. Configuration comes from the environment (see README.md):
AEVS_DATA_DIR (default ./data) or AEVS_DATABASE_URL selects the store.
`;

function commandHelp(command: Command): string {
  const options = Object.entries(command.options ?? {}).map(
    ([name, o]) => `  --${name.padEnd(10)} ${o.description}${o.required ? ' (required)' : ''}`,
  );
  return `Usage: ${command.usage}\n${options.length ? `\nOptions:\n${options.join('\n')}\n` : ''}  --help       show this help\n`;
}

export async function runCli(argv: string[], io: Io): Promise<number> {
  // The command words come first: `aevs keys create --account …`.
  const firstOption = argv.findIndex((a) => a.startsWith('-'));
  const words = firstOption === -1 ? argv : argv.slice(0, firstOption);
  const name = [2, 1].map((n) => words.slice(0, n).join(' ')).find((n) => COMMANDS[n]);
  const command = name ? COMMANDS[name] : undefined;
  const wantsHelp = argv.includes('--help') || argv.includes('-h');
  if (!command) {
    if (argv.length === 0 || (wantsHelp && words.length === 0) || words[0] === 'help') {
      io.stdout.write(TOP_USAGE);
      return 0;
    }
    const group = words[0] && ['accounts', 'keys', 'users'].includes(words[0]) ? words[0] : undefined;
    if (group && (wantsHelp || words.length === 1)) {
      const subs = Object.entries(COMMANDS).filter(([n]) => n.startsWith(`${group} `));
      io[wantsHelp ? 'stdout' : 'stderr'].write(
        `Usage:\n${subs.map(([, c]) => `  ${c.usage.split('\n')[0]}`).join('\n')}\n`,
      );
      return wantsHelp ? 0 : 2;
    }
    io.stderr.write(`aevs: unknown command "${words.join(' ')}"\n\n${TOP_USAGE}`);
    return 2;
  }
  if (wantsHelp) {
    io.stdout.write(commandHelp(command));
    return 0;
  }
  try {
    const rest = argv.slice((name ?? '').split(' ').length);
    const { values, positionals } = (() => {
      try {
        return parseArgs({
          args: rest,
          options: Object.fromEntries(
            Object.entries(command.options ?? {}).map(([k, o]) => [k, { type: o.type }]),
          ),
          allowPositionals: true,
          strict: true,
        });
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
    })();
    const expected = command.positionals ?? { min: 0, max: 0, names: '' };
    if (positionals.length < expected.min) throw new UsageError(`expected ${expected.names}`);
    if (expected.max !== undefined && positionals.length > expected.max) {
      throw new UsageError(`unexpected argument "${positionals[expected.max]}"`);
    }
    for (const [option, spec] of Object.entries(command.options ?? {})) {
      const value = values[option];
      if (spec.required && (value === undefined || value === ''))
        throw new UsageError(`--${option} is required`);
      if (spec.choices && typeof value === 'string' && !spec.choices.includes(value)) {
        throw new UsageError(`--${option} must be one of: ${spec.choices.join(', ')} (got "${value}")`);
      }
    }
    await command.run(values, io, loadConfig(io.env), positionals);
    return 0;
  } catch (error) {
    // The summary already says which dataset failed and why.
    if (error instanceof SyncFailed) return 1;
    if (error instanceof UsageError) {
      io.stderr.write(`aevs ${name}: ${error.message}\n\n${commandHelp(command)}`);
      return 2;
    }
    if (
      error instanceof AppError ||
      error instanceof ConfigError ||
      error instanceof IngestError ||
      error instanceof AbrFailure
    ) {
      io.stderr.write(`aevs ${name}: ${error.message}\n`);
      return 1;
    }
    io.stderr.write(`aevs ${name}: failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
