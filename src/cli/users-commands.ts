import type { Config } from '../config.ts';
import { INVITATION_HOURS, inviteUser, listUsers, removeUser } from '../dashboard/users.ts';
import { displayHost } from '../server.ts';
import { type Command, clock, str, withStore } from './command.ts';

const account = { type: 'string', description: 'the account id (acct_…)', required: true } as const;
const email = { type: 'string', description: 'the user’s email address', required: true } as const;

/** The server's address as the invitation link names it: http://HOST:PORT. */
export const serverBase = (config: Config) => `http://${displayHost(config.host)}:${config.port}`;

export const usersCommands: Record<string, Command> = {
  'users invite': {
    usage: `aevs users invite --account ACCOUNT_ID --email EMAIL\n\nPrints a one-time invitation link to the dashboard (valid ${INVITATION_HOURS} hours) where the user chooses a password.\nOnly the link's hash is stored.`,
    options: { account, email },
    run: async (args, io, config) => {
      const invitation = await withStore(config, (store) =>
        inviteUser({
          ctx: { store, clock },
          input: { accountId: str(args.account), email: str(args.email), actor: 'aevs users invite (CLI)' },
        }),
      );
      io.stdout.write(`${serverBase(config)}${invitation.path}\n`);
    },
  },
  'users list': {
    usage:
      'aevs users list --account ACCOUNT_ID\n\nLists the dashboard users of an account: email and when they joined.',
    options: { account },
    run: async (args, io, config) => {
      const users = await withStore(config, (store) =>
        listUsers({ ctx: { store, clock }, input: { accountId: str(args.account) } }),
      );
      for (const u of users) io.stdout.write(`${u.email}  ${u.created_at}\n`);
    },
  },
  'users remove': {
    usage:
      'aevs users remove --account ACCOUNT_ID --email EMAIL\n\nRemoves a dashboard user; their sessions end at once.',
    options: { account, email },
    run: async (args, io, config) => {
      const removed = await withStore(config, (store) =>
        removeUser({
          ctx: { store, clock },
          input: { accountId: str(args.account), email: str(args.email), actor: 'aevs users remove (CLI)' },
        }),
      );
      io.stdout.write(`removed ${removed.email}\n`);
    },
  },
};
