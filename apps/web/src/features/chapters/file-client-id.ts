/**
 * Identity of a dropped page file across drops and reloads (the clientId stored with each page), and
 * its path in the dropped folder.
 */
import { CLIENT_ID_PATH_MAX, pageClientId } from "@vt/shared/client-id";

const clientIds = new WeakMap<File, string>();

/**
 * A file's identity across drops: its path in the dropped folder (or name), size and a SHA-256 of
 * its bytes (the modification date where Web Crypto is unavailable), so the same folder dropped
 * again after a closed tab is recognised, and a changed file with the same name is not.
 */
export async function computeClientId(file: File): Promise<string> {
  const known = clientIds.get(file);
  if (known) return known;
  const path = file.webkitRelativePath || file.name;
  // Without Web Crypto (plain http on a LAN address) the modification date stands in for the hash.
  const id = globalThis.crypto?.subtle
    ? pageClientId(
        path,
        file.size,
        new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(await file.arrayBuffer()))),
      )
    : `${path.slice(-CLIENT_ID_PATH_MAX)}|${file.size}|${file.lastModified}`;
  clientIds.set(file, id);
  return id;
}

/** The id computed by computeClientId (files reach the upload only after it ran). */
export function fileClientId(file: File): string {
  return (
    clientIds.get(file) ?? `${filePath(file).slice(-CLIENT_ID_PATH_MAX)}|${file.size}|${file.lastModified}`
  );
}

export function filePath(file: File): string {
  return file.webkitRelativePath || file.name;
}
