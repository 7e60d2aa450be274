// The branch and HEAD commit of a workspace, read from `.git` without running git (DeepScientist records both on
// every artifact). A worktree's `.git` is a file pointing at its gitdir. Anything unreadable gives `main` / null,
// as DeepScientist falls back to `main` for a detached or empty branch.
import fs from 'node:fs';
import path from 'node:path';
import { readRegularText } from '../files/read-file.js';

function gitDirOf(root: string): string | null {
  const dotGit = path.join(root, '.git');
  try {
    const stat = fs.statSync(dotGit);
    if (stat.isDirectory()) return dotGit;
    const text = readRegularText(dotGit);
    const match = /^gitdir:\s*(.+)$/m.exec(text);
    return match ? path.resolve(root, match[1].trim()) : null;
  } catch {
    return null;
  }
}

function readRef(gitDir: string, ref: string): string | null {
  const dirs = [gitDir];
  try {
    const common = readRegularText(path.join(gitDir, 'commondir')).trim();
    dirs.push(path.resolve(gitDir, common));
  } catch {
    /* not a linked worktree */
  }
  for (const dir of dirs) {
    try {
      const sha = readRegularText(path.join(dir, ref)).trim();
      if (/^[0-9a-f]{40}$/.test(sha)) return sha;
    } catch {
      /* try packed refs */
    }
    try {
      for (const line of readRegularText(path.join(dir, 'packed-refs')).split('\n')) {
        const [sha, name] = line.split(' ');
        if (name === ref && /^[0-9a-f]{40}$/.test(sha)) return sha;
      }
    } catch {
      /* none */
    }
  }
  return null;
}

export function gitHeadOf(root: string): { branch: string; head: string | null } {
  const gitDir = gitDirOf(root);
  if (!gitDir) return { branch: 'main', head: null };
  let head: string;
  try {
    head = readRegularText(path.join(gitDir, 'HEAD')).trim();
  } catch {
    return { branch: 'main', head: null };
  }
  const ref = /^ref:\s*(.+)$/.exec(head);
  if (!ref) return { branch: 'main', head: /^[0-9a-f]{40}$/.test(head) ? head : null };
  const name = ref[1].trim();
  return { branch: name.replace(/^refs\/heads\//, '') || 'main', head: readRef(gitDir, name) };
}
