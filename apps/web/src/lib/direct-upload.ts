/**
 * Direct upload to the S3 bucket (when `uploadMode()` is `direct`, see ./upload-mode.ts), for the
 * route pairs `<base>/presign` + `<base>/direct` of chapter pages and comic covers:
 *   1. POST <base>/presign with each file's name, size and type (by its first bytes, as the server
 *      checks it) -> one presigned PUT per file;
 *   2. PUT each file to its URL (progress summed over the files, like one multipart request);
 *   3. POST <base>/direct with the keys and tickets (+ `extra` fields) -> the route's answer.
 */
import { SNIFF_BYTES, sniffImageType } from "@vt/shared/image-sniff";
import { api, type Operation, type ProgressCallback, type ResponseOf } from "./api-client";
import type { paths } from "./api-types";

/** Where the files go: a comic cover (`/api/comics/covers`) or a chapter's pages. */
export type DirectTarget = { kind: "cover" } | { kind: "pages"; chapterId: number };

type DirectPath<T extends DirectTarget> = T extends { kind: "cover" }
  ? "/api/comics/covers/direct"
  : "/api/chapters/{chapterId}/pages/direct";
type DirectBody<T extends DirectTarget> = NonNullable<
  Operation<paths, DirectPath<T>, "post"> extends {
    requestBody: { content: { "application/json": infer B } };
  }
    ? B
    : never
>;
export type DirectAnswer<T extends DirectTarget> = ResponseOf<Operation<paths, DirectPath<T>, "post">>;

function presign(
  target: DirectTarget,
  files: { name: string; size: number; type: string }[],
  signal?: AbortSignal,
) {
  return target.kind === "cover"
    ? api.post("/api/comics/covers/presign", { files }, { signal })
    : api.post(
        "/api/chapters/{chapterId}/pages/presign",
        { files },
        {
          params: { path: { chapterId: target.chapterId } },
          signal,
        },
      );
}

export type DirectFile = { blob: Blob; name: string };

/** The image type by the file's first bytes (what the server checks), else what the browser says. */
async function declaredType(blob: Blob): Promise<string> {
  const head = new Uint8Array(await blob.slice(0, SNIFF_BYTES).arrayBuffer());
  return sniffImageType(head) ?? blob.type;
}

type Options = { signal?: AbortSignal; onProgress?: ProgressCallback };
type Cover = { kind: "cover" };
type Pages = { kind: "pages"; chapterId: number };

export function uploadDirect(
  target: Cover,
  files: readonly DirectFile[],
  extra: Omit<DirectBody<Cover>, "files">,
  options?: Options,
): Promise<DirectAnswer<Cover>>;
export function uploadDirect(
  target: Pages,
  files: readonly DirectFile[],
  extra: Omit<DirectBody<Pages>, "files">,
  options?: Options,
): Promise<DirectAnswer<Pages>>;
export async function uploadDirect(
  target: DirectTarget,
  files: readonly DirectFile[],
  extra: object,
  options: Options = {},
): Promise<unknown> {
  const { signal, onProgress } = options;
  const declared = await Promise.all(
    files.map(async (f) => ({ name: f.name, size: f.blob.size, type: await declaredType(f.blob) })),
  );
  const { uploads } = await presign(target, declared, signal);
  const total = declared.reduce((sum, f) => sum + f.size, 0);
  const loaded = declared.map(() => 0);
  await Promise.all(
    uploads.map((ticket, i) =>
      api.putDirect(ticket.url, files[i]!.blob, {
        headers: ticket.headers,
        signal,
        onProgress: (progress) => {
          loaded[i] = progress.loaded;
          const sum = loaded.reduce((a, b) => a + b, 0);
          onProgress?.({
            loaded: sum,
            total,
            percent: total ? Math.min(100, Math.round((sum / total) * 100)) : undefined,
          });
        },
      }),
    ),
  );
  const confirmed = uploads.map((ticket, i) => ({
    key: ticket.key,
    token: ticket.token,
    filename: files[i]!.name,
  }));
  const body = { ...extra, files: confirmed };
  const answer =
    target.kind === "pages"
      ? api.post(
          "/api/chapters/{chapterId}/pages/direct",
          body as DirectBody<{ kind: "pages"; chapterId: number }>,
          {
            params: { path: { chapterId: target.chapterId } },
            signal,
          },
        )
      : api.post("/api/comics/covers/direct", body as DirectBody<{ kind: "cover" }>, { signal });
  return answer;
}
