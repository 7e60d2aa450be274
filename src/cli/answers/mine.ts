// `distill mine`'s answer, shared by the command and the MCP `mine` tool: the options checked as the command checks
// them (the same one-line errors), the patterns mined, and the --json object.
import { mine, patternJson, UserError, type MineResult } from '../../core/index.js';

/** The command's options as given (strings, as on the command line). */
export interface MineAsk {
  quest?: string;
  scope?: string;
  all?: boolean;
  minSupport?: string;
  minConsistency?: string;
}

function supportOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]+$/.test(value) || Number(value) < 1) throw new UserError(`--min-support ${JSON.stringify(value)}: give a whole number of runs, 1 or more`);
  return Number(value);
}

function consistencyOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^([0-9]+(?:\.[0-9]+)?)(%?)$/.exec(value);
  const x = m ? Number(m[1]) / (m[2] ? 100 : 1) : NaN;
  if (!(x > 0 && x <= 1)) throw new UserError(`--min-consistency ${JSON.stringify(value)}: give a share above 0 and at most 1 (0.75) or a percentage (75%)`);
  return x;
}

/** Checks the options (throwing the command's one-line error) and mines the home. Reads only. */
export function mineAnswer(home: string, ask: MineAsk): MineResult {
  const { quest } = ask;
  const scope = ask.scope ?? (quest === undefined ? 'home' : undefined);
  if (scope !== 'home' && scope !== 'quest') {
    throw new UserError(ask.scope === undefined ? `mine ${quest}: give --scope quest to mine within one quest` : `--scope ${JSON.stringify(ask.scope)}: expected home or quest`);
  }
  if (scope === 'quest' && quest === undefined) throw new UserError('mine --scope quest needs a quest');
  if (scope === 'home' && quest !== undefined) throw new UserError(`mine --scope home takes no quest (got ${quest})`);
  const gates = { minSupport: supportOption(ask.minSupport), minConsistency: consistencyOption(ask.minConsistency) };
  return mine(home, { questId: quest, gates, all: ask.all });
}

/** `distill mine --json`'s object. */
export function mineJson(result: MineResult): Record<string, unknown> {
  return { funnel: result.funnel, patterns: result.patterns.map(patternJson) };
}
