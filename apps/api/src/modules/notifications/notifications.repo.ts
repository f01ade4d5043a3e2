/** SQL of the notification centre: rows per user, read marks, mail choices, who gets what. */
import { and, count, desc, eq, inArray, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/executor";
import { type NotificationKind, notificationSettings, notifications } from "../../db/schema/notifications";

export type NotificationRow = typeof notifications.$inferSelect;

export async function insertNotifications(
  db: Executor,
  kind: NotificationKind,
  userIds: number[],
  data: Record<string, unknown>,
): Promise<number> {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return 0;
  await db.insert(notifications).values(unique.map((userId) => ({ userId, kind, data })));
  return unique.length;
}

/**
 * The notifications a user may see: all of theirs, except invitations while their address is not
 * verified (nothing about an invitation reaches an account that may not own the address).
 */
function visibleTo(userId: number, verified: boolean): SQL {
  const mine = eq(notifications.userId, userId);
  return verified ? mine : and(mine, ne(notifications.kind, "invitation"))!;
}

export async function listNotifications(
  db: Executor,
  user: { id: number; emailVerified: boolean },
  f: { unread: boolean; limit: number; offset: number },
) {
  const visible = visibleTo(user.id, user.emailVerified);
  const unreadOnly = and(visible, isNull(notifications.readAt));
  const where = f.unread ? unreadOnly : visible;
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(notifications).where(where),
    db.select({ n: count() }).from(notifications).where(unreadOnly),
  ]);
  return { rows, total: total?.n ?? 0, unread: unread?.n ?? 0 };
}

/** Marks one of the user's notifications read (1, or 0 if it was); undefined when not theirs (or hidden). */
export async function markRead(
  db: Executor,
  user: { id: number; emailVerified: boolean },
  id: number,
): Promise<number | undefined> {
  const found = await db
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), visibleTo(user.id, user.emailVerified)));
  if (!found[0]) return undefined;
  if (found[0].readAt !== null) return 0;
  await db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, id));
  return 1;
}

export async function markAllRead(
  db: Executor,
  user: { id: number; emailVerified: boolean },
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(visibleTo(user.id, user.emailVerified), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function mailChoices(db: Executor, userId: number) {
  return db
    .select({ kind: notificationSettings.kind, mail: notificationSettings.mail })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
}

export async function setMailChoice(db: Executor, userId: number, kind: NotificationKind, mail: boolean) {
  await db
    .insert(notificationSettings)
    .values({ userId, kind, mail })
    .onConflictDoUpdate({ target: [notificationSettings.userId, notificationSettings.kind], set: { mail } });
}

/** Owners and managers of a live team (enabled accounts), except `exceptUserId`. */
export async function teamReviewers(db: Executor, teamId: number, exceptUserId: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    select u.id from team_members m join users u on u.id = m.user_id join teams t on t.id = m.team_id
    where m.team_id = ${teamId} and m.role in ('owner', 'manager') and t.deleted_at is null
      and u.disabled_at is null and u.id <> ${exceptUserId}`);
  return rows.rows.map((r) => Number(r.id));
}

/** The comic's title and owning team (trashed or merged away too), for the notices about it. */
export async function comicFacts(db: Executor, comicId: number) {
  const rows = await db.execute<{ title: string; team_id: number; team_name: string }>(sql`
    select c.title, c.team_id, t.name as team_name from comics c join teams t on t.id = c.team_id
    where c.id = ${comicId}`);
  const row = rows.rows[0];
  return row ? { title: row.title, teamId: Number(row.team_id), teamName: row.team_name } : undefined;
}

export async function teamName(db: Executor, teamId: number): Promise<string | undefined> {
  const rows = await db.execute<{ name: string }>(sql`select name from teams where id = ${teamId}`);
  return rows.rows[0]?.name;
}

/** What a notice about these requests names: kind, team, filer, comic or entry, merge target. */
export async function requestFacts(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.execute<{
    id: number;
    type: string;
    team_id: number;
    team_name: string;
    user_id: number | null;
    comic_id: number | null;
    comic_title: string | null;
    target_comic_id: number | null;
    target_title: string | null;
    person_name: string | null;
  }>(sql`
    select r.id, r.type, r.team_id, t.name as team_name, r.user_id, r.comic_id, c.title as comic_title,
      r.target_comic_id, tc.title as target_title,
      p.name as person_name
    from requests r join teams t on t.id = r.team_id
      left join comics c on c.id = r.comic_id
      left join comics tc on tc.id = r.target_comic_id
      left join people p on p.id = r.person_id
    where r.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by r.id`);
  return rows.rows;
}

/** The user's unread notifications about a request become read (they acted on it). */
export async function markRequestRead(db: Executor, userId: number, requestId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        sql`${notifications.data}->>'requestId' = ${String(requestId)}`,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Platform admins with enabled accounts, except `exceptUserId`. */
export async function admins(db: Executor, exceptUserId: number): Promise<number[]> {
  const rows = await db.execute<{ id: number }>(sql`
    select id from users where role = 'admin' and disabled_at is null and id <> ${exceptUserId}`);
  return rows.rows.map((r) => Number(r.id));
}

export async function userIdByEmail(db: Executor, email: string): Promise<number | undefined> {
  const rows = await db.execute<{ id: number }>(
    sql`select id from users where lower(email) = ${email.toLowerCase()} and disabled_at is null`,
  );
  return rows.rows[0] ? Number(rows.rows[0].id) : undefined;
}

export type UnmailedRow = {
  id: number;
  user_id: number;
  kind: NotificationKind;
  data: Record<string, unknown>;
  email: string | null;
  mail: boolean | null;
};

/**
 * Claims up to `limit` notifications not mailed yet (locked, skipped by a concurrent run), with the
 * addressee's e-mail and their mail choice for the kind.
 */
export async function claimUnmailed(db: Executor, limit: number): Promise<UnmailedRow[]> {
  const rows = await db.execute<UnmailedRow>(sql`
    select n.id, n.user_id, n.kind, n.data, u.email, s.mail
    from notifications n
    join users u on u.id = n.user_id
    left join notification_settings s on s.user_id = n.user_id and s.kind = n.kind
    where n.mailed_at is null
    order by n.id
    limit ${limit}
    for update of n skip locked`);
  return rows.rows;
}

export async function setMailed(db: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await db.update(notifications).set({ mailedAt: new Date() }).where(inArray(notifications.id, ids));
}

/**
 * Chapters published on their schedule whose uploader has not been told yet: published with a
 * planned time (`publish_scheduled`, set by the save that scheduled it; a publish at once is never
 * told), not in the trash, `published_at` passed within the last `days` days.
 */
export async function dueScheduledChapters(db: Executor, now: Date, days: number) {
  const rows = await db.execute<{
    id: number;
    order_num: number;
    name: string;
    comic_id: number;
    comic_title: string;
    team_id: number;
    team_name: string;
    created_by: number;
    published_at: Date | string;
  }>(sql`
    select ch.id, ch.order_num, ch.name, ch.comic_id, c.title as comic_title, ch.team_id, t.name as team_name,
      ch.created_by, ch.published_at
    from chapters ch
    join comics c on c.id = ch.comic_id and c.deleted_at is null
    join teams t on t.id = ch.team_id
    where ch.status = 'published' and ch.deleted_at is null and ch.created_by is not null
      and ch.published_at <= ${now.toISOString()}::timestamptz
      and ch.published_at > ${now.toISOString()}::timestamptz - make_interval(days => ${days})
      and ch.publish_scheduled
      and not exists (
        select 1 from notifications n
        where n.user_id = ch.created_by and n.kind = 'chapter_published'
          and n.data->>'chapterId' = ch.id::text
          and (n.data->>'publishedAt')::timestamptz = ch.published_at
      )
    order by ch.published_at
    limit 500`);
  return rows.rows;
}

/** The invitation's mail is sent by the invitations service: its notification needs none from the job. */
export async function markInvitationMailed(db: Executor, userId: number) {
  await db
    .update(notifications)
    .set({ mailedAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.kind, "invitation"),
        isNull(notifications.mailedAt),
      ),
    );
}

export async function setUnmailed(db: Executor, ids: number[]) {
  if (ids.length === 0) return;
  await db.update(notifications).set({ mailedAt: null }).where(inArray(notifications.id, ids));
}
