// The journal's shapes: one write as a list of idempotent operations (journal.ts runs them, journal-check.ts checks
// them before the first byte). Types only, so the two import it without importing each other.

export type Op =
  /** A file that must not exist yet (or already hold exactly `content`). */
  | { op: 'create'; path: string; content: string }
  /** A file that holds `before` and will hold `after`. */
  | { op: 'replace'; path: string; before: string; after: string }
  /** A file holding `content` moved to `to` (archive). */
  | { op: 'move'; path: string; to: string; content: string }
  /** One line appended to an append-only log, under its lock. */
  | { op: 'append'; path: string; line: string };

export interface Journal {
  version: 1;
  id: string;
  kind: 'apply' | 'revert' | 'cleanup';
  home: string;
  questRoot: string | null;
  createdAt: string;
  ops: Op[];
}

export type Fault = (step: string) => void;
