import type { Db } from './db.ts';

// The account dashboard's rows (docs/decisions.md, the account dashboard). Tokens are stored as
// SHA-256 hashes, passwords as scrypt hashes: the caller hashes, the store keeps what it is given.

export type DashboardUserRow = {
  id: string;
  account_id: string;
  email: string;
  password_hash: string;
  created_at: string;
};

export type InvitationRow = {
  token_hash: string;
  account_id: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

export type SessionRow = {
  token_hash: string;
  user_id: string;
  account_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
};

export type ActivityRow = {
  id: string;
  account_id: string;
  actor: string;
  action: string;
  detail: string;
  at: string;
};

const USER_COLUMNS = 'id, account_id, email, password_hash, created_at';

export const insertUser = (db: Db, u: DashboardUserRow) =>
  db.run(`INSERT INTO dashboard_users (${USER_COLUMNS}) VALUES (?, ?, ?, ?, ?)`, [
    u.id,
    u.account_id,
    u.email,
    u.password_hash,
    u.created_at,
  ]);

export const findUserByEmail = (db: Db, email: string) =>
  db.get<DashboardUserRow>(`SELECT ${USER_COLUMNS} FROM dashboard_users WHERE email = ?`, [email]);

export const listUsers = (db: Db, accountId: string) =>
  db.all<DashboardUserRow>(
    `SELECT ${USER_COLUMNS} FROM dashboard_users WHERE account_id = ? ORDER BY created_at, email`,
    [accountId],
  );

/** Removes the user and every session of theirs. 1 when the account had that user. */
export async function removeUser(db: Db, accountId: string, userId: string): Promise<number> {
  await db.run('DELETE FROM dashboard_sessions WHERE user_id = ? AND account_id = ?', [userId, accountId]);
  return db.run('DELETE FROM dashboard_users WHERE id = ? AND account_id = ?', [userId, accountId]);
}

export const insertInvitation = (db: Db, i: InvitationRow) =>
  db.run(
    'INSERT INTO dashboard_invitations (token_hash, account_id, email, created_at, expires_at, used_at) VALUES (?, ?, ?, ?, ?, ?)',
    [i.token_hash, i.account_id, i.email, i.created_at, i.expires_at, i.used_at],
  );

export const findInvitation = (db: Db, tokenHash: string) =>
  db.get<InvitationRow>(
    'SELECT token_hash, account_id, email, created_at, expires_at, used_at FROM dashboard_invitations WHERE token_hash = ?',
    [tokenHash],
  );

/** Marks an unused invitation used; 0 when it was used already (a form sent twice). */
export const useInvitation = (db: Db, tokenHash: string, at: string) =>
  db.run('UPDATE dashboard_invitations SET used_at = ? WHERE token_hash = ? AND used_at IS NULL', [
    at,
    tokenHash,
  ]);

export const insertSession = (db: Db, s: SessionRow) =>
  db.run(
    'INSERT INTO dashboard_sessions (token_hash, user_id, account_id, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    [s.token_hash, s.user_id, s.account_id, s.created_at, s.last_seen_at, s.expires_at],
  );

/** A session with its user's email; none once the user is removed. */
export const findSession = (db: Db, tokenHash: string) =>
  db.get<SessionRow & { email: string }>(
    `SELECT s.token_hash, s.user_id, s.account_id, s.created_at, s.last_seen_at, s.expires_at, u.email
     FROM dashboard_sessions s JOIN dashboard_users u ON u.id = s.user_id AND u.account_id = s.account_id
     WHERE s.token_hash = ?`,
    [tokenHash],
  );

export const touchSession = (db: Db, tokenHash: string, at: string) =>
  db.run('UPDATE dashboard_sessions SET last_seen_at = ? WHERE token_hash = ?', [at, tokenHash]);

export const deleteSession = (db: Db, tokenHash: string) =>
  db.run('DELETE FROM dashboard_sessions WHERE token_hash = ?', [tokenHash]);

export const recordSignInFailure = (db: Db, email: string, client: string, at: string) =>
  db.run('INSERT INTO dashboard_sign_in_failures (email, client, at) VALUES (?, ?, ?)', [email, client, at]);

/** Failed sign-ins since `since`: for the email, and from the client address. */
export async function countSignInFailures(db: Db, email: string, client: string, since: string) {
  const [byEmail, byClient] = await Promise.all([
    db.get<{ n: number }>('SELECT COUNT(*) AS n FROM dashboard_sign_in_failures WHERE email = ? AND at > ?', [
      email,
      since,
    ]),
    db.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM dashboard_sign_in_failures WHERE client = ? AND at > ?',
      [client, since],
    ),
  ]);
  return { email: Number(byEmail?.n ?? 0), client: Number(byClient?.n ?? 0) };
}

/** The oldest failure still counted, for saying how long to wait. */
export const oldestSignInFailure = async (db: Db, email: string, client: string, since: string) =>
  (
    await db.get<{ at: string | null }>(
      'SELECT MIN(at) AS at FROM dashboard_sign_in_failures WHERE (email = ? OR client = ?) AND at > ?',
      [email, client, since],
    )
  )?.at ?? null;

/** A form's one-time token: 1 the first time it is submitted, 0 after. */
export const claimFormSubmission = (db: Db, tokenHash: string, at: string) =>
  db.run('INSERT INTO dashboard_form_submissions (token_hash, at) VALUES (?, ?) ON CONFLICT DO NOTHING', [
    tokenHash,
    at,
  ]);

/**
 * Drops what no longer counts: failed sign-ins before `failuresBefore`, sessions and invitations past
 * their end, and forms claimed before `formsBefore` (older than any session that could send them again).
 */
export async function pruneDashboard(
  db: Db,
  now: string,
  cut: { failuresBefore: string; formsBefore: string },
): Promise<void> {
  await db.run('DELETE FROM dashboard_sign_in_failures WHERE at < ?', [cut.failuresBefore]);
  await db.run('DELETE FROM dashboard_form_submissions WHERE at < ?', [cut.formsBefore]);
  await db.run('DELETE FROM dashboard_sessions WHERE expires_at < ?', [now]);
  await db.run('DELETE FROM dashboard_invitations WHERE expires_at < ?', [now]);
}

export const insertActivity = (db: Db, a: ActivityRow) =>
  db.run(
    'INSERT INTO dashboard_activity (id, account_id, actor, action, detail, at) VALUES (?, ?, ?, ?, ?, ?)',
    [a.id, a.account_id, a.actor, a.action, a.detail, a.at],
  );

export const listActivity = (db: Db, accountId: string, limit: number) =>
  db.all<ActivityRow>(
    'SELECT id, account_id, actor, action, detail, at FROM dashboard_activity WHERE account_id = ? ORDER BY at DESC, id DESC LIMIT ?',
    [accountId, limit],
  );

export const dashboardQueries = {
  insertUser,
  findUserByEmail,
  listUsers,
  removeUser,
  insertInvitation,
  findInvitation,
  useInvitation,
  insertSession,
  findSession,
  touchSession,
  deleteSession,
  recordSignInFailure,
  countSignInFailures,
  oldestSignInFailure,
  claimFormSubmission,
  prune: pruneDashboard,
};

export const activityQueries = { insert: insertActivity, list: listActivity };
