// `distill lessons apply <actions.jsonl> [--yes] [--reviewer NAME] [--json]`: the lessons screen's merge / archive /
// ignore / edit from a file, one action per line. Without --yes it prints the plan (with diffs) and writes nothing;
// with --yes each line is written as its own cleanup action (journal, record, audit line; distill restore undoes it).
import type { Command } from 'commander';
import type { Ctx } from '../context.js';

export function registerLessonsApply(lessons: Command, ctx: Ctx): void {
  lessons
    .command('apply <actions>')
    .description('merge / archive / ignore / edit cards from a JSONL file (one action per line); prints the plan without --yes')
    .option('--yes', 'write (without it, only the plan is printed)')
    .option('--expect-plan <digest>', 'with --yes: write only if the plan is still the one a dry run printed (its digest); else exit 3')
    .option('--reviewer <name>', 'who is recorded for the actions (default $DISTILL_REVIEWER, $USER, $LOGNAME, the OS account)')
    .option('--json', 'machine-readable output')
    .action(async (file: string, _opts: unknown, command: Command) => {
      const { runLessonsApply } = await import('./lessons-apply-run.js');
      await runLessonsApply(file, command, ctx);
    });
}
