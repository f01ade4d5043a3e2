/**
 * A page's identity across uploads (the `clientId` the API stores with it): the file's path in the
 * dropped folder or archive (or its name), its size and the first 12 bytes of its SHA-256, hex. The
 * dashboard (chapter editor, bulk import) and `npm run upload` compute it the same way, so a folder
 * sent again, by either, skips the pages already stored and uploads a changed file with the same name.
 * The path is trimmed from the front so the size and hash always fit the server's 200 characters.
 */
export const CLIENT_ID_PATH_MAX = 150;

export function pageClientId(path: string, size: number, sha256: Uint8Array): string {
  const tag = Array.from(sha256.subarray(0, 12), (b) => b.toString(16).padStart(2, "0")).join("");
  return `${path.slice(-CLIENT_ID_PATH_MAX)}|${size}|${tag}`;
}
