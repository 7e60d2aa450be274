// A small model of PR #60's closure gate (`evaluate_distill_gate_for_quest` in
// refs/pull/60/head:src/deepscientist/artifact/experience_distill.py), written from that code and the formats spec
// (§6), independently of src/. It reads files the way the Python does: `read_text(encoding="utf-8")`, `splitlines()`,
// `strip()`, `json.loads`, `Path(str(entry.get("path") or "")).exists()` resolved against the process cwd.
import fs from 'node:fs';
import path from 'node:path';

const COMPLETED = ['completed', 'success', 'succeeded', 'done'];
const KINDS = ['analysis.slice', 'main_experiment', 'experiment'];

/** Thrown where the Python raises out of the gate (complete_quest then fails instead of answering). */
export class Pr60Crash extends Error {}

function splitlines(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '\r' && text[i + 1] === '\n') {
      out.push(cur);
      cur = '';
      i += 1;
    } else if ('\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029'.includes(c)) {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  if (cur) out.push(cur);
  return out;
}

function isSpace(c: string): boolean {
  return /^[\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/.test(c);
}

function strip(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isSpace(s[a])) a += 1;
  while (b > a && isSpace(s[b - 1])) b -= 1;
  return s.slice(a, b);
}

/** json.loads: the generator only puts NaN as a bare value after `": `, so a textual swap is enough here. */
function loads(text: string): unknown {
  return JSON.parse(text.replace(/": (-?Infinity|NaN)([,}\n])/g, '": null$2'));
}

function truthy(v: unknown): boolean {
  if (v === null || v === undefined || v === false || v === 0 || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v as object).length > 0;
  return true;
}

function pyStr(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'boolean') return v ? 'True' : 'False';
  if (typeof v === 'number' && Number.isInteger(v)) return String(v);
  throw new Error(`model: no str() for ${JSON.stringify(v)}`);
}

function get(obj: unknown, key: string): unknown {
  if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) throw new Pr60Crash(`'${typeof obj}' object has no attribute 'get'`);
  return (obj as Record<string, unknown>)[key];
}

function readText(file: string): string {
  const bytes = fs.readFileSync(file); // throws on a directory, like read_text
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
}

function artifactDirs(questRoot: string): string[] {
  const roots = [questRoot];
  const wt = path.join(questRoot, '.ds', 'worktrees');
  if (fs.existsSync(wt)) {
    for (const name of fs.readdirSync(wt).sort()) {
      const p = path.join(wt, name);
      if (fs.statSync(p, { throwIfNoEntry: false })?.isDirectory()) roots.push(p);
    }
  }
  const seen = new Set<string>();
  const out: string[] = [];
  for (const root of roots) {
    const artifacts = path.join(root, 'artifacts');
    if (!fs.existsSync(artifacts)) continue;
    const key = fs.realpathSync(artifacts);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(artifacts);
  }
  return out;
}

/** Records named by index lines of `kind` whose path exists and parses (read_distill_reviews / iter_..._records). */
function indexRecords(artifactsDir: string, kind: string): unknown[] {
  const index = path.join(artifactsDir, '_index.jsonl');
  if (!fs.existsSync(index)) return [];
  let text: string;
  try {
    text = readText(index);
  } catch {
    throw new Pr60Crash(`${index}: not UTF-8`);
  }
  const out: unknown[] = [];
  for (const raw of splitlines(text)) {
    const line = strip(raw);
    if (!line) continue;
    let entry: unknown;
    try {
      entry = loads(line);
    } catch {
      continue;
    }
    if (get(entry, 'kind') !== kind) continue;
    const p = get(entry, 'path');
    const recordPath = truthy(p) ? pyStr(p) : '';
    if (!fs.existsSync(path.resolve(recordPath))) continue;
    try {
      out.push(loads(readText(path.resolve(recordPath))));
    } catch {
      continue;
    }
  }
  return out;
}

/** The pending run ids PR #60's gate reports (all of them, not only the first 5), in its order. */
export function pr60PendingIds(questRoot: string): string[] {
  const dirs = artifactDirs(questRoot);
  const reviewed = new Set<string>();
  for (const dir of dirs) {
    for (const rec of indexRecords(dir, 'decision')) {
      if (get(rec, 'action') !== 'distill_review') continue;
      const ids = get(rec, 'reviewed_run_ids');
      if (!truthy(ids)) continue;
      if (typeof ids === 'string') for (const ch of ids) reviewed.add(ch);
      else if (Array.isArray(ids)) for (const id of ids) reviewed.add(pyStr(id));
      else if (typeof ids === 'object') for (const k of Object.keys(ids as object)) reviewed.add(k);
      else throw new Pr60Crash('reviewed_run_ids is not iterable');
    }
  }
  const pending: string[] = [];
  for (const dir of dirs) {
    for (const rec of indexRecords(dir, 'run')) {
      if (get(rec, 'kind') !== 'run') continue; // str(kind or "") != "run"
      const runKind = get(rec, 'run_kind');
      if (!KINDS.includes(truthy(runKind) ? pyStr(runKind) : '')) continue;
      const status = get(rec, 'status');
      if (!COMPLETED.includes(strip(truthy(status) ? pyStr(status) : '').toLowerCase())) continue;
      const aid = get(rec, 'artifact_id');
      const rid = truthy(aid) ? pyStr(aid) : '';
      if (!rid || reviewed.has(rid) || pending.includes(rid)) continue;
      pending.push(rid);
    }
  }
  return pending;
}
