/**
 * The command-line uploader (docs/bulk-import.md, "Command-line uploader"):
 *
 *   VT_TOKEN=vts_… npm run upload -- <folder-or-zip> --comic <id> [--server URL] [--scramble]
 *                                     [--split-tall] [--publish] [--interval HOURS] [--concurrency N]
 *                                     [--dry-run]
 *
 * Reads the drop as the dashboard's bulk import does (one sub-folder or inner zip per chapter, names
 * parsed by packages/shared/src/chapter-import.ts), processes the pages as the browser does
 * (./upload-pages.ts; with `--split-tall`, tall strips first cut into pages as the dashboard's option
 * does, ./upload-split.ts) and sends them through the documented API with a personal API token
 * (`Authorization: Bearer`, created on the dashboard's "API tokens" page, scope `upload`).
 *
 * Resumable: each chapter is a draft found again by its order; each page carries the dashboard's
 * clientId (path + size + SHA-256 of the source bytes), so pages already stored are skipped. Chapters
 * are published (`--publish`, or scheduled `--interval` hours apart) only once all their pages are
 * stored. `--dry-run` prints the parsed table (with the comic's existing chapters when a token is
 * given) and uploads nothing. Exit codes: 0 done, 1 failures, 64 usage.
 */
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { ApiError, apiErrorFromResponse } from "@vt/shared/api-error";
import type {
  Chapter,
  ChapterDetail,
  CreateChapterRequest,
  PageChecksRequest,
  UpdateChapterRequest,
} from "@vt/shared/api-schemas";
import type { paths } from "@vt/shared/api-types";
import { ArchiveRefusal } from "@vt/shared/archive-safety";
import { BLOCKING_IMPORT_WARNINGS, importWarnings } from "@vt/shared/chapter-import";
import { pageClientId } from "@vt/shared/client-id";
import { LANG_HEADER } from "@vt/shared/constants";
import type { TProposedChapter } from "@vt/shared/contracts/page-checks";
import { chapterEditorFields, existingRefs, findResumeDraft, publishDates } from "@vt/shared/import-plan";
import { checkProposedChapters } from "@vt/shared/page-check-slices";
import createClient from "openapi-fetch";
import { localChecks, printChecks, proposedPage } from "./upload-checks";
import { type Options, parseOptions, USAGE, UsageError } from "./upload-options";
import { preparePage } from "./upload-pages";
import { openImportSource, type SourceFile } from "./upload-source";
import { splitTallPage } from "./upload-split";
import { bar, printTable } from "./upload-table";

export interface UploadIo {
  out: (line: string) => void;
  err: (line: string) => void;
  /** Redraws the progress line (a terminal); undefined prints nothing between chapter lines. */
  progress?: (line: string) => void;
}

/** The reason under fetch's own "fetch failed" (ECONNREFUSED, ENOTFOUND, ...). */
function errorCause(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } } | null)?.cause;
  if (typeof cause?.code === "string") return cause.code;
  if (typeof cause?.message === "string") return cause.message;
  return error instanceof Error ? error.message : String(error);
}

/**
 * A refusal of the server, worded for the person at the terminal (the CLI speaks English, as its
 * usage text does): what went wrong and what to do, the server's own sentence, the HTTP status
 * last; `request` ("GET /comics/3") names the comic in a 404.
 */
function describeRefusal(status: number, request: string, serverMessage: string): string {
  const said = serverMessage ? ` The server said: ${serverMessage}.`.replace(/\.\.$/, ".") : "";
  if (status === 401)
    return `The API token was refused: it is unknown, revoked or expired. Create a token on the dashboard (user menu > API tokens) and set it in VT_TOKEN. (HTTP 401)`;
  if (status === 403) return `The API token may not do this (it needs the scope "upload").${said} (HTTP 403)`;
  const comic = /^GET \/comics\/(\d+)$/.exec(request);
  if (status === 404 && comic)
    return `Comic ${comic[1]} was not found, or the token's team may not upload to it. Check --comic. (HTTP 404)`;
  return `${serverMessage || "The server refused the request."} (HTTP ${status})`;
}

/**
 * The few calls the uploader makes, with the token: openapi-fetch typed by the OpenAPI document
 * (`@vt/shared/api-types`, as the dashboard's client), failures are the dashboard's `ApiError`.
 */
function apiClient(server: string, token: string) {
  const client = createClient<paths>({
    baseUrl: server,
    headers: { authorization: `Bearer ${token}`, [LANG_HEADER]: "en" },
  });
  /** The answer's data on 2xx; else an `ApiError` whose message names the call. */
  async function ok<T>(
    method: string,
    path: string,
    call: Promise<{ data?: T; error?: unknown; response: Response }>,
  ): Promise<T> {
    let result: Awaited<typeof call>;
    try {
      result = await call;
    } catch (error) {
      throw new ApiError(
        "cannot-connect",
        `Cannot reach the server at ${server} (${errorCause(error)}). Check --server or VT_SERVER.`,
        { originalError: error },
      );
    }
    const { data, error, response } = result;
    if (response.ok) return data as T;
    const failure = apiErrorFromResponse(response.status, error, response);
    const said = failure.fromServer ? failure.message : "";
    throw new ApiError(failure.kind, describeRefusal(response.status, `${method} ${path}`, said), {
      status: failure.status,
      code: failure.code,
      data: failure.data,
      fromServer: failure.fromServer,
      originalError: response,
    });
  }
  return {
    comic: (comicId: number) =>
      ok("GET", `/comics/${comicId}`, client.GET("/api/comics/{comicId}", { params: { path: { comicId } } })),
    chapters: (comicId: number) =>
      ok(
        "GET",
        `/chapters/comic/${comicId}`,
        client.GET("/api/chapters/comic/{comicId}", {
          params: { path: { comicId }, query: { sort: "asc" } },
        }),
      ),
    chapter: (chapterId: number) =>
      ok(
        "GET",
        `/chapters/${chapterId}`,
        client.GET("/api/chapters/{chapterId}", { params: { path: { chapterId } } }),
      ),
    create: (body: CreateChapterRequest) => ok("POST", "/chapters", client.POST("/api/chapters", { body })),
    update: (chapterId: number, body: UpdateChapterRequest) =>
      ok(
        "PUT",
        `/chapters/${chapterId}`,
        client.PUT("/api/chapters/{chapterId}", { params: { path: { chapterId } }, body }),
      ),
    pageChecks: (comicId: number, body: PageChecksRequest) =>
      ok(
        "POST",
        `/comics/${comicId}/page-checks`,
        client.POST("/api/comics/{comicId}/page-checks", { params: { path: { comicId } }, body }),
      ),
    uploadPage: (chapterId: number, form: FormData) =>
      ok(
        "POST",
        `/chapters/${chapterId}/pages`,
        client.POST("/api/chapters/{chapterId}/pages", {
          params: { path: { chapterId } },
          // Multipart: the document describes no JSON body; openapi-fetch sends a FormData as it is.
          body: form as never,
        }),
      ),
  };
}
type Api = ReturnType<typeof apiClient>;

function sha256(bytes: Buffer): Uint8Array {
  return new Uint8Array(createHash("sha256").update(bytes).digest());
}

/** Runs `items` through `fn`, at most `limit` at once; rejects with the first failure once all settled. */
async function eachLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<void>,
) {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      try {
        await fn(items[i]!, i);
      } catch (error) {
        errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (errors.length > 0) throw errors[0];
}

/** Uploads one chapter's missing pages into its draft and saves the page order; answers the detail. */
async function uploadChapter(
  api: Api,
  options: Options,
  draft: ChapterDetail,
  pages: SourceFile[],
  onPage: () => void,
): Promise<ChapterDetail> {
  const byClientId = new Map(draft.pages.filter((p) => p.clientId).map((p) => [p.clientId!, p.id]));
  // Per source file, its page ids: one, or one per piece of a split tall strip (in its place).
  const ids: number[][] = new Array(pages.length);
  const send = async (bytes: Buffer, filePath: string): Promise<number> => {
    const clientId = pageClientId(filePath, bytes.length, sha256(bytes));
    const stored = byClientId.get(clientId);
    if (stored !== undefined) return stored;
    const page = await preparePage(bytes, filePath, { scramble: draft.scrambled });
    const form = new FormData();
    form.append("keys", JSON.stringify([page.key]));
    form.append("clientIds", JSON.stringify([clientId]));
    form.append("files", new Blob([new Uint8Array(page.bytes)], { type: page.type }), page.name);
    return (await api.uploadPage(draft.id, form)).pages[0]!.id;
  };
  await eachLimit(pages, options.concurrency, async (file, i) => {
    const source = await file.read();
    const pieces = options.splitTall ? await splitTallPage(source, file.path) : [];
    ids[i] = [];
    if (pieces.length === 0) ids[i].push(await send(source, file.path));
    for (const piece of pieces) ids[i].push(await send(piece.bytes, piece.path));
    onPage();
  });
  const fresh = await api.chapter(draft.id);
  return api.update(draft.id, {
    ...chapterEditorFields(fresh),
    version: fresh.version,
    pages: ids.flat().map((id) => ({ id })),
  });
}

/**
 * `--dry-run`'s page checks: every page fingerprinted here, then the findings (the server's with a
 * token and a comic, else each chapter's own), printed before anything is sent.
 */
async function dryRunChecks(
  io: UploadIo,
  options: Options,
  api: Api | null,
  chapters: { sourceName: string; parsed: { order: number | null } }[],
  pageLists: SourceFile[][],
) {
  const total = pageLists.reduce((n, l) => n + l.length, 0);
  let done = 0;
  const proposed: TProposedChapter[] = [];
  for (const [i, chapter] of chapters.entries()) {
    const pages = new Array<TProposedChapter["pages"][number]>(pageLists[i]!.length);
    await eachLimit(pageLists[i]!, options.concurrency, async (file, p) => {
      pages[p] = await proposedPage(file);
      done++;
      io.progress?.(`${bar(done, total)} ${done}/${total} pages  checking ${chapter.sourceName}`);
    });
    proposed.push({ label: chapter.sourceName, order: chapter.parsed.order, pages });
  }
  if (api && options.comicId !== null) {
    const comicId = options.comicId;
    const checks = await checkProposedChapters(proposed, (slice) =>
      api.pageChecks(comicId, { chapters: slice }),
    );
    printChecks(io, proposed, checks, `against comic ${comicId} and the other chapters of this upload`);
  } else {
    printChecks(
      io,
      proposed,
      localChecks(proposed),
      "each chapter alone; give a token and --comic to compare with the comic",
    );
  }
}

export async function runUpload(argv: string[], env: NodeJS.ProcessEnv, io: UploadIo): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(argv, env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(error.message);
    io.err(USAGE);
    return 64;
  }
  let source: Awaited<ReturnType<typeof openImportSource>>;
  try {
    source = await openImportSource(options.input);
  } catch (error) {
    if (error instanceof ArchiveRefusal) {
      io.err(`Archive refused (${error.code}): ${JSON.stringify(error.params)}`);
      return 1;
    }
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
  try {
    const api = options.token ? apiClient(options.server, options.token) : null;
    let teamChapters: Chapter[] = [];
    if (api && options.comicId !== null) {
      const comic = await api.comic(options.comicId);
      const teamIds = new Set(comic.can.teams.map((t) => t.id));
      teamChapters = (await api.chapters(options.comicId)).filter((c) => teamIds.has(c.team.id));
    }
    const existing = existingRefs(teamChapters);
    const pageLists: SourceFile[][] = [];
    for (const chapter of source.chapters) pageLists.push(await source.pagesOf(chapter));
    const warnings = importWarnings(
      source.chapters.map((c, i) => ({ order: c.parsed.order, pageCount: pageLists[i]!.length })),
      existing,
    );
    const rows = source.chapters.map((chapter, i) => ({
      chapter,
      pages: pageLists[i]!.length,
      warnings: warnings[i]!,
    }));
    printTable(io, rows);
    if (source.skipped.length > 0)
      io.out(`Skipped (not in a chapter folder): ${source.skipped.map((f) => f.path).join(", ")}`);
    if (options.dryRun) {
      await dryRunChecks(io, options, api, source.chapters, pageLists);
      return 0;
    }

    const blocked = rows.filter((r) => r.warnings.some((w) => BLOCKING_IMPORT_WARNINGS.includes(w)));
    if (blocked.length > 0) {
      io.err(
        `Nothing uploaded: fix or remove these chapters first: ${blocked
          .map((r) => `${r.chapter.sourceName} (${r.warnings.join(",")})`)
          .join("; ")}`,
      );
      return 1;
    }
    if (!api || options.comicId === null) return 64;

    const totalPages = rows.reduce((n, r) => n + r.pages, 0);
    let donePages = 0;
    const drafts: ChapterDetail[] = [];
    let failed = 0;
    for (const [i, row] of rows.entries()) {
      const { parsed, sourceName } = row.chapter;
      const label = `${i + 1}/${rows.length} ${sourceName}`;
      const redraw = () =>
        io.progress?.(`${bar(donePages, totalPages)} ${donePages}/${totalPages} pages  chapter ${label}`);
      redraw();
      try {
        // A chapter with no order was refused above ("noOrder" blocks the import).
        if (parsed.order === null) throw new Error(`${sourceName}: no chapter number`);
        const resumed = findResumeDraft(teamChapters, parsed.order);
        const draft = resumed
          ? await api.chapter(resumed.id)
          : await api.create({
              comicId: options.comicId,
              order: parsed.order,
              volume: parsed.volume,
              name: parsed.title,
              scrambled: options.scramble,
            });
        const saved = await uploadChapter(api, options, draft, pageLists[i]!, () => {
          donePages++;
          redraw();
        });
        drafts.push(saved);
        io.out(
          `${resumed ? "resumed" : "uploaded"} ${sourceName}: chapter ${saved.id}, ${saved.pageCount} pages`,
        );
      } catch (error) {
        // A refused token refuses every chapter: stop at the first, with the one message.
        if (error instanceof ApiError && error.kind === "unauthorized") throw error;
        failed++;
        io.err(`failed ${sourceName}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    if (failed > 0) {
      io.err(
        `${failed} chapter(s) failed: run the same command again to continue (stored pages are skipped).`,
      );
      return 1;
    }
    if (options.publish) {
      const dates = publishDates(
        drafts,
        options.intervalHours === null
          ? { kind: "publish" }
          : { kind: "interval", hours: options.intervalHours },
      )!;
      for (const [i, draft] of drafts.entries()) {
        const published = await api.update(draft.id, {
          ...chapterEditorFields(draft),
          // The first of a schedule goes out now; later ones at their time (a future date is a schedule).
          publishAt: dates[i] ?? null,
          version: draft.version,
          publish: true,
        });
        io.out(
          `${published.state === "scheduled" ? "scheduled" : "published"} chapter ${published.id}` +
            (published.publishAt ? ` for ${new Date(published.publishAt).toISOString()}` : ""),
        );
      }
    }
    io.out(`done: ${drafts.length} chapter(s), ${totalPages} page(s)`);
    return 0;
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await source.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const tty = process.stderr.isTTY;
  let drawn = false;
  const clear = () => {
    if (drawn) process.stderr.write("\r\x1b[2K");
    drawn = false;
  };
  const io: UploadIo = {
    out: (line) => {
      clear();
      process.stdout.write(`${line}\n`);
    },
    err: (line) => {
      clear();
      process.stderr.write(`${line}\n`);
    },
    progress: tty
      ? (line) => {
          process.stderr.write(`\r\x1b[2K${line.slice(0, process.stderr.columns ?? 100)}`);
          drawn = true;
        }
      : undefined,
  };
  process.exitCode = await runUpload(process.argv.slice(2), process.env, io);
  clear();
}
