// Option values are checked by commander (choices, argParser) and every usage error is still one line, exit 2,
// with nothing written: distill's own wording for a bad value, commander's for the rest, never its help text.
import { describe, expect, test } from 'vitest';
import { copyFixture, run, snapshot } from './helpers/home.js';

describe('bad option values and usage errors: one line, exit 2, nothing written', () => {
  test.each([
    // a bad number (argParser)
    [['log', '--limit', '0'], 'distill: --limit 0: not a positive whole number\n'],
    [['log', '--limit', '2.5'], 'distill: --limit 2.5: not a positive whole number\n'],
    [['neighbors', 'knowledge-ac553f60', '--limit', '-1'], 'distill: --limit -1: not a positive whole number\n'],
    [['recall', '--limit', '0x2'], 'distill: --limit 0x2: not a positive whole number\n'],
    [['recall', '--limit', '1e1'], 'distill: --limit 1e1: not a positive whole number\n'],
    [['recall', '--limit', ' 3'], 'distill: --limit  3: not a positive whole number\n'],
    [['recall', '--checklist', '--json'], 'distill: --checklist prints Markdown for a prompt and --json prints JSON: give one of them\n'],
    [['neighbors', 'config/config.yaml'], '__CONFIG__'],
    [['lessons', '--json', '--threshold', '0'], 'distill: --threshold 0: expected a number in (0, 1]\n'],
    [['lessons', '--json', '--threshold', 'high'], 'distill: --threshold high: expected a number in (0, 1]\n'],
    // a bad choice (choices, and an argParser that maps singular kinds)
    [['recall', '--scope', 'everywhere'], 'distill: --scope everywhere: use global, quest or both\n'],
    [['recall', '--kind', 'poem'], 'distill: --kind poem: not a memory kind (one of papers, ideas, decisions, episodes, knowledge, templates)\n'],
    // commander's own errors
    [['log', '--bogus'], "distill: unknown option '--bogus' (run distill --help for usage)\n"],
    [['log', '--limit'], "distill: option '--limit <n>' argument missing (run distill --help for usage)\n"],
    [['log', 'extra'], "distill: too many arguments for 'log'. Expected 0 arguments but got 1. (run distill --help for usage)\n"],
  ])('%j', async (argv, line) => {
    const home = copyFixture('ds-sample');
    const before = snapshot(home);
    const r = await run(['--home', home, ...argv], { cwd: home });
    const expected = line === '__CONFIG__' ? `distill: ${home}/config/config.yaml: not a card or draft file (a .md file)\n` : line;
    expect(r).toMatchObject({ code: 2, out: '', err: expected });
    expect(snapshot(home)).toEqual(before);
  });

  test('good values reach the command as numbers and kinds', async () => {
    const home = copyFixture('ds-sample');
    const r = await run(['--home', home, 'recall', '--kind', 'paper', '--limit', '1', '--json'], { cwd: home });
    expect(r.code).toBe(0);
    const cards = JSON.parse(r.out).cards as Array<{ kind: string }>;
    expect(cards).toHaveLength(1);
    expect(cards[0].kind).toBe('papers');
  });
});
