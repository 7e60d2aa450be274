// What `distill gate` answers (one quest, or every quest of the home with --all), shared by the command and the MCP
// `gate` tool: the verdict, its exit code and the --json object. The command prints the text form from the same answer.
import { coverage, homeStatus, pendingJournalNotice, type Candidate, type CoverageReport, type FileWarning, type Quest, type QuestStatus } from '../../core/index.js';
import { runJson } from '../runs-view.js';

export interface GateAnswer {
  /** An interrupted write (never "closed" on that); null when none. */
  interrupted: string | null;
  report: CoverageReport | null;
  pending: Candidate[];
  unreadable: FileWarning[];
  ok: boolean;
  exitCode: number;
  /** Warnings to print (the unreadable files are in `unreadable`). */
  warnings: FileWarning[];
  json: Record<string, unknown>;
}

export function gate(quest: Quest, runKinds: string[] | undefined): GateAnswer {
  // An interrupted write may have written cards but not the decision (or the reverse): never "closed" on that.
  const interrupted = pendingJournalNotice(quest.home);
  if (interrupted) {
    const json = { quest: { id: quest.id, root: quest.root }, ok: false, interrupted };
    return { interrupted, report: null, pending: [], unreadable: [], ok: false, exitCode: 1, warnings: [], json };
  }
  const report = coverage(quest, { runKinds });
  const unreadable = report.unreadable;
  const pending = report.candidates.filter((c) => !c.covered);
  const ok = pending.length === 0 && unreadable.length === 0;
  const json = {
    quest: { id: quest.id, root: quest.root },
    ok,
    covered: report.candidates.length - pending.length,
    total: report.candidates.length,
    pending: pending.map(runJson),
    reviews: report.reviews.map((r) => r.artifactId),
    broken_lines: report.brokenLines,
    unreadable: unreadable.map((w) => ({ file: w.file, problem: w.message })),
  };
  // A file the gate cannot read may hide a completed run: never "closed" then (DeepScientist's gate raises on most).
  const exitCode = unreadable.length ? 2 : ok ? 0 : 1;
  return { interrupted: null, report, pending, unreadable, ok, exitCode, warnings: report.warnings.filter((w) => !unreadable.includes(w)), json };
}

export interface GateAllAnswer {
  /** Every quest, by id. */
  quests: QuestStatus[];
  open: QuestStatus[];
  broken: QuestStatus[];
  /** An interrupted write (never "closed" on that); null when none. */
  interrupted: string | null;
  ok: boolean;
  exitCode: number;
  warnings: FileWarning[];
  json: Record<string, unknown>;
}

/** `gate --all`: exit 0 only when every quest's candidate runs are covered; 1 with pending runs; 2 when a quest
 *  cannot be read. */
export function gateAll(home: string, runKinds: string[] | undefined): GateAllAnswer {
  // An interrupted write may have written cards but not the decision (or the reverse): never "closed" on that.
  const interrupted = pendingJournalNotice(home);
  const status = homeStatus(home, { runKinds });
  const quests = [...status.quests].sort((a, b) => a.id.localeCompare(b.id));
  const open = quests.filter((q) => q.pending.length > 0);
  const broken = quests.filter((q) => q.error !== null);
  const ok = open.length === 0 && broken.length === 0 && !interrupted;
  const json = {
    home,
    ok,
    ...(interrupted ? { interrupted } : {}),
    quests: quests.map((q) => ({ id: q.id, ok: q.error === null && q.pending.length === 0, covered: q.covered, total: q.total, pending: q.pending.map(runJson), error: q.error })),
  };
  return { quests, open, broken, interrupted, ok, exitCode: broken.length ? 2 : ok ? 0 : 1, warnings: status.warnings, json };
}
