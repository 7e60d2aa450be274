// The home's audit log, `<home>/.distill/audit.jsonl`: one JSON line per review, revert, cleanup and discarded
// journal, appended through the journal so it is part of what a write does (and undoes).
import path from 'node:path';
import { stateDir } from '../files/paths.js';

export function auditPath(home: string): string {
  return path.join(stateDir(home), 'audit.jsonl');
}

export function auditLine(entry: Record<string, unknown>): string {
  return JSON.stringify(entry) + '\n';
}
