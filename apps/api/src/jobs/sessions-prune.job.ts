/**
 * `sessions.prune`: deletes what has expired in the identity tables, so they do not grow forever:
 * uploader sessions, identity-provider sessions, verification/reset tokens, and rate-limit
 * counters idle for an hour (the longest window counts one minute).
 */
import { lt } from "drizzle-orm";
import { authRateLimit, authSession, authVerification } from "../db/schema/auth";
import { sessions } from "../db/schema/users";
import { defineJob } from "./engine";

const RATE_LIMIT_IDLE_MS = 60 * 60 * 1000;

export const sessionsPrune = defineJob({
  name: "sessions.prune",
  cron: "7 * * * *",
  async run(_data, { db, log }) {
    const now = new Date();
    const removed = {
      sessions: (await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }))
        .length,
      providerSessions: (
        await db.delete(authSession).where(lt(authSession.expiresAt, now)).returning({ id: authSession.id })
      ).length,
      verifications: (
        await db
          .delete(authVerification)
          .where(lt(authVerification.expiresAt, now))
          .returning({ id: authVerification.id })
      ).length,
      rateLimits: (
        await db
          .delete(authRateLimit)
          .where(lt(authRateLimit.lastRequest, now.getTime() - RATE_LIMIT_IDLE_MS))
          .returning({ id: authRateLimit.id })
      ).length,
    };
    log.info({ removed }, "sessions.prune removed expired rows");
    return removed;
  },
});
