// Who is reviewing, one rule for every command that records a person (apply, review, lessons, revert, restore):
// --reviewer, else $DISTILL_REVIEWER, else $USER, else $LOGNAME, else the OS account name, else "unknown".
import os from 'node:os';

export function reviewerName(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const candidates = [option, env.DISTILL_REVIEWER, env.USER, env.LOGNAME];
  for (const c of candidates) if (c && c.trim()) return c.trim();
  try {
    const name = os.userInfo().username.trim();
    if (name) return name;
  } catch {
    /* no passwd entry (containers): fall through */
  }
  return 'unknown';
}
