import { useEffect, useRef, useState } from "react";
import { showErrorToast } from "@/lib/error-toast";
import { type ConflictField, changedFields, isVersionConflict } from "@/lib/version-conflict";
import type { ConflictDialogProps } from "./conflict-dialog";

type Versioned = { version: number };

/** A save of the form's values based on `version` (undefined: the record has none yet). */
export type VersionedWrite<T> = (version: number | undefined) => Promise<T>;

/** Structural equality of two copies of a record (plain JSON from the API). */
function sameRecord(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

type Open<T> = { mode: "save" | "changed"; before: T; latest: T; write?: VersionedWrite<T> };

export type SaveConflictOptions<T extends Versioned> = {
  /** The server's copy as the query holds it now (a cached copy first, then fresher ones). */
  server: T | undefined;
  /** The record as the user names it, for the dialog ("Chương 3"). */
  subject: string;
  /** The fields the form shows, compared to say what changed. */
  fields: readonly ConflictField<T>[];
  /** True while the form holds changes the user has not saved. */
  dirty: boolean;
  /** Puts a record into the form; `keepDirty` keeps what the user changed and takes the rest. */
  reset: (record: T, keepDirty: boolean) => void;
  /** Reads the server's copy now (bypassing any cache). */
  fetchLatest: () => Promise<T>;
  /** After every successful save, direct or after "overwrite" in the dialog. */
  onSaved?: (saved: T) => void;
};

/**
 * Keeps a form on the version it was based on (docs/dashboard.md, "Saving: no lost update"):
 * - a fresher server copy replaces the form silently only while the user has not changed
 *   anything; otherwise the dialog says what changed ("changed" mode);
 * - `save` sends the version the form is based on; a 409 opens the dialog with what changed
 *   ("save" mode), from which the user takes the server's copy or overwrites knowingly.
 * Render `<ConflictDialog {...dialog} />` next to the form.
 */
export function useSaveConflict<T extends Versioned>(options: SaveConflictOptions<T>) {
  const opts = useRef(options);
  opts.current = options;
  const base = useRef<T | undefined>(options.server);
  const saving = useRef(false);
  const openRef = useRef<Open<T> | null>(null);
  const [open, setOpenState] = useState<Open<T> | null>(null);
  const [busy, setBusy] = useState(false);
  const setOpen = (next: Open<T> | null) => {
    openRef.current = next;
    setOpenState(next);
  };

  const take = (record: T, keepDirty: boolean) => {
    base.current = record;
    opts.current.reset(record, keepDirty);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the server's copy changes (the rest is read through refs)
  useEffect(() => {
    const server = options.server;
    if (!server || saving.current || openRef.current) return;
    const current = base.current;
    if (!current) {
      base.current = server;
      if (!opts.current.dirty) opts.current.reset(server, false);
      return;
    }
    if (server.version < current.version) return;
    if (server.version === current.version) {
      // Same version, newer copy (pages staged on a draft do not bump it): nobody else's edit, so
      // an untouched form takes it; unsaved edits keep theirs.
      // A refetch that brought the very same record changes nothing.
      if (server !== current && !opts.current.dirty && !sameRecord(server, current)) take(server, false);
      return;
    }
    if (!opts.current.dirty) take(server, false);
    else setOpen({ mode: "changed", before: current, latest: server });
  }, [options.server]);

  const conflictFrom = async (error: unknown, before: T | undefined, write: VersionedWrite<T>) => {
    if (!isVersionConflict(error)) throw error;
    const latest = await opts.current.fetchLatest().catch(() => undefined);
    if (!latest) {
      showErrorToast(error);
      return;
    }
    setOpen({ mode: "save", before: before ?? latest, latest, write });
  };

  /** Saves based on the version the form holds; a refused stale save opens the dialog. */
  const save = async (write: VersionedWrite<T>): Promise<T | undefined> => {
    saving.current = true;
    try {
      const saved = await write(base.current?.version);
      take(saved, false);
      opts.current.onSaved?.(saved);
      return saved;
    } catch (error) {
      await conflictFrom(error, base.current, write);
      return undefined;
    } finally {
      saving.current = false;
    }
  };

  const reload = () => {
    const current = openRef.current;
    if (!current) return;
    take(current.latest, false);
    setOpen(null);
  };

  const overwrite = async () => {
    const current = openRef.current;
    if (!current) return;
    if (current.mode === "changed" || !current.write) {
      // Keep editing on top of the newer copy: the user's changes stay, the rest is the server's.
      take(current.latest, true);
      setOpen(null);
      return;
    }
    setBusy(true);
    saving.current = true;
    try {
      const saved = await current.write(current.latest.version);
      setOpen(null);
      take(saved, false);
      opts.current.onSaved?.(saved);
    } catch (error) {
      setOpen(null);
      await conflictFrom(error, current.latest, current.write).catch(showErrorToast);
    } finally {
      saving.current = false;
      setBusy(false);
    }
  };

  const dialog: ConflictDialogProps = {
    open: open !== null,
    mode: open?.mode ?? "save",
    subject: options.subject,
    changes: open ? changedFields(open.before, open.latest, options.fields) : [],
    busy,
    onReload: reload,
    onOverwrite: () => void overwrite(),
    onCancel: () => setOpen(null),
  };

  return {
    /** The version the form is based on (what a save sends). */
    version: () => base.current?.version,
    save,
    /** Our own write answered (an upload, a created draft): the form is now based on it. */
    adopt: (record: T) => {
      base.current = record;
    },
    dialog,
  };
}
