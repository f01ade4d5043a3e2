import { isNull, sql } from "drizzle-orm";
import { chapters } from "./schema/chapters";

/** Not in the trash: every list and reader query filters on it. */
export const liveSql = isNull(chapters.deletedAt);
/**
 * Readers see a chapter when it is published, not hidden and its publish time has come
 * (the same rule as isChapterVisible in packages/shared/src/contracts/chapters.ts).
 */
export const visibleSql = sql`(${chapters.status} = 'published' and not ${chapters.hidden} and ${chapters.publishedAt} <= now())`;
