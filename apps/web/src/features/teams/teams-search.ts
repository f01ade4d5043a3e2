import { parseId } from "@/lib/route-params";

/** A team id from its path segment, or null (see lib/route-params). */
export const parseTeamId = parseId;
