/** The command line of `npm run upload` (./upload.ts): its usage text and the parsed, checked options. */
import path from "node:path";
import { parseArgs } from "node:util";

export const USAGE = `Usage: npm run upload -- <folder-or-zip> --comic <id> [options]
  --comic <id>        the comic to upload into (required unless --dry-run)
  --server <url>      the studio's address (default $VT_SERVER or http://localhost:3000)
  --scramble          upload the pages scrambled (docs/scramble-format.md)
  --split-tall        split pages taller than 3000 px (at 1500 px wide) into several pages
  --publish           publish each chapter once all its pages are stored
  --interval <hours>  with --publish: schedule the chapters this many hours apart, the first now
  --concurrency <n>   pages processed and uploaded at once (default 3)
  --dry-run           print the parsed table and the page checks, upload nothing
The token comes from $VT_TOKEN (dashboard: user menu > API tokens, scope "read and upload").`;

export type Options = {
  input: string;
  comicId: number | null;
  server: string;
  token: string | undefined;
  scramble: boolean;
  splitTall: boolean;
  publish: boolean;
  intervalHours: number | null;
  concurrency: number;
  dryRun: boolean;
};

export class UsageError extends Error {}

export function parseOptions(argv: string[], env: NodeJS.ProcessEnv): Options {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof spec; allowPositionals: true }>>;
  const spec = {
    comic: { type: "string" },
    server: { type: "string" },
    scramble: { type: "boolean" },
    "split-tall": { type: "boolean" },
    publish: { type: "boolean" },
    interval: { type: "string" },
    concurrency: { type: "string" },
    "dry-run": { type: "boolean" },
  } as const;
  try {
    parsed = parseArgs({ args: argv, options: spec, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new UsageError("Give exactly one folder or zip.");
  const dryRun = values["dry-run"] === true;
  const comicId = values.comic === undefined ? null : Number(values.comic);
  if (comicId !== null && (!Number.isInteger(comicId) || comicId < 1))
    throw new UsageError("--comic must be an id.");
  if (comicId === null && !dryRun) throw new UsageError("--comic is required.");
  const token = env.VT_TOKEN?.trim() || undefined;
  if (!token && !dryRun) throw new UsageError("Set VT_TOKEN to an API token with upload scope.");
  const intervalHours = values.interval === undefined ? null : Number(values.interval);
  if (intervalHours !== null && (!Number.isFinite(intervalHours) || intervalHours < 0))
    throw new UsageError("--interval must be a number of hours.");
  const concurrency = values.concurrency === undefined ? 3 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 16)
    throw new UsageError("--concurrency must be 1 to 16.");
  return {
    // `npm run upload -w apps/api` runs in apps/api: paths are the caller's (npm's INIT_CWD).
    input: path.resolve(env.INIT_CWD ?? process.cwd(), positionals[0]!),
    comicId,
    server: (values.server ?? env.VT_SERVER ?? "http://localhost:3000").replace(/\/+$/, ""),
    token,
    scramble: values.scramble === true,
    splitTall: values["split-tall"] === true,
    publish: values.publish === true || intervalHours !== null,
    intervalHours,
    concurrency,
    dryRun,
  };
}
