import { type ReactNode, use } from "react";

/** Suspends (showing the splash) until the start-up session check has settled. */
export function SessionGate({ ready, children }: { ready: Promise<void>; children: ReactNode }) {
  use(ready);
  return children;
}
