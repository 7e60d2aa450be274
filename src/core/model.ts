// Domain types shared by the core, the commands and the UI. Nothing here imports React or Ink.

export const MEMORY_KINDS = ['papers', 'ideas', 'decisions', 'episodes', 'knowledge', 'templates'] as const;
export type MemoryKind = (typeof MEMORY_KINDS)[number];
export type Scope = 'global' | 'quest';

/** Singular kind (`knowledge`, `paper`, ...) for a kind directory, as DeepScientist's id prefix and `kind` field. */
export function singularKind(kind: MemoryKind): string {
  return kind === 'knowledge' ? 'knowledge' : kind.slice(0, -1);
}

export function isMemoryKind(value: unknown): value is MemoryKind {
  return typeof value === 'string' && (MEMORY_KINDS as readonly string[]).includes(value);
}

/** A per-file problem that did not stop the read. */
export interface FileWarning {
  file: string;
  message: string;
}

/** The warnings without repeats: two readers of the same file (a quest's drafts and its notes both read
 *  `memory/episodes`) report one problem once. */
export function uniqueWarnings(warnings: readonly FileWarning[]): FileWarning[] {
  const seen = new Set<string>();
  return warnings.filter((w) => {
    const key = `${w.file}\u0000${w.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Frontmatter as parsed: a plain object whose key order is the file's key order. */
export type Meta = Record<string, unknown>;

export interface Card {
  /** Absolute path of the `.md` file. */
  path: string;
  scope: Scope;
  /** The kind directory the file lives in. */
  kindDir: MemoryKind;
  /** `id` from the frontmatter, or null (e.g. `active-user-requirements.md`). */
  id: string | null;
  /** Frontmatter title, else the file stem (as DeepScientist lists it). */
  title: string;
  meta: Meta;
  body: string;
  hasFrontmatter: boolean;
  tags: string[];
  /** ISO string as written; never a Date. */
  updatedAt: string | null;
  /** For quest-scope cards: the quest id they belong to. */
  questId: string | null;
  /** Size and mtime of the file when it was read (conflict detection, caches). */
  stat: { size: number; mtimeMs: number };
  /** The exact text read (for byte-exact round trips and conflict checks). */
  raw: string;
}

export interface ArtifactIndexLine {
  artifact_id: string;
  kind: string;
  status: string | null;
  quest_id: string | null;
  path: string | null;
  summary: string | null;
  updated_at: string | null;
}

export interface Workspace {
  /** Absolute path of the workspace root. */
  root: string;
  /** Relative to the quest root: `.` or `.ds/worktrees/<name>`, or the absolute path if outside. */
  rel: string;
  /** Why it is a workspace. */
  origin: 'quest_root' | 'worktree' | 'research_head';
}

export interface Artifact {
  artifactId: string;
  kind: string;
  /** Absolute path of the JSON file actually read. */
  file: string;
  workspace: Workspace;
  record: Record<string, unknown>;
  /** The index line that pointed at it. */
  indexLine: ArtifactIndexLine;
}

export interface Run {
  artifactId: string;
  runId: string | null;
  runKind: string | null;
  status: string | null;
  summary: string | null;
  createdAt: string | null;
  updatedAt: string | null;
  workspaceRel: string;
  file: string;
  record: Record<string, unknown>;
  /** Every copy of the run the workspaces hold (one per file), when coverage() read them. */
  copies?: RunCopy[];
  /** Set when the copies disagree on the status, e.g. "root: succeeded, wt-0: running". */
  disagreement?: string | null;
}

/** One workspace's copy of a run. */
export interface RunCopy {
  /** `root`, the worktree's name, or the path of a file outside the quest's workspaces. */
  workspace: string;
  file: string;
  status: string | null;
  runKind: string | null;
  updatedAt: string | null;
  /** A completed run of a counted kind. */
  candidate: boolean;
}

export interface Candidate extends Run {
  covered: boolean;
  /** Artifact ids of the distill_review decisions that cover it. */
  coveredBy: string[];
  /** Why a run a review names is still not covered (DeepScientist's gate cannot read that review). */
  coverageNote?: string | null;
}

export interface Quest {
  id: string;
  root: string;
  home: string;
  yaml: Meta;
}

/** `quirk`: an entry of the home's quirks files (quest/quirks.ts), reviewed under the pseudo-quest `:quirks`. */
export type DraftSource = 'pr60_draft' | 'quest_knowledge' | 'auto_card' | 'quirk' | 'mined';

export interface Draft {
  /** Stable id: the card id if it has one, else `draft:<quest>/<file stem>`. */
  id: string;
  source: DraftSource;
  path: string;
  title: string;
  claim: string | null;
  /** claim empty or a TODO placeholder: must be edited before it can become a card. */
  needsEdit: boolean;
  tags: string[];
  keywords: string[];
  /** Run artifact ids this draft comes from (lineage runs that are run artifact ids of the quest). */
  runIds: string[];
  meta: Meta;
  body: string;
  card: Card;
}
