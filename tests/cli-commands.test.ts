// A command line loads the one command it names (issue 16): what commandsFor hands commander, and that the program
// still answers as it did with every command loaded (help, a quest as the first word, a mistyped word).
import { describe, expect, test } from 'vitest';
import { COMMANDS, commandsFor, loadAllCommands } from '../src/cli/commands/index.js';
import { registerNeighbors } from '../src/cli/commands/neighbors.js';
import { registerRecall } from '../src/cli/commands/recall.js';
import { registerReview } from '../src/cli/commands/review.js';
import { copyFixture, run } from './helpers/home.js';

describe('commandsFor', () => {
  test('the command the first word names, alone, after --home', async () => {
    expect(await commandsFor(['recall', '--tags', 'a'])).toEqual([registerRecall]);
    expect(await commandsFor(['--home', '/x', 'neighbors', 'id'])).toEqual([registerNeighbors]);
    expect(await commandsFor(['--home=/x', 'recall'])).toEqual([registerRecall]);
  });

  test('the review alone for a quest, or for no word at all (plain distill)', async () => {
    expect(await commandsFor(['001'])).toEqual([registerReview]);
    expect(await commandsFor([])).toEqual([registerReview]);
    expect(await commandsFor(['--home', '/x'])).toEqual([registerReview]);
  });

  test('every command for help, or an option before the command', async () => {
    const all = await loadAllCommands();
    expect(all).toHaveLength(COMMANDS.length);
    for (const argv of [['--help'], ['-h'], ['recall', '--help'], ['help', 'recall'], ['--json', 'recall']]) {
      expect(await commandsFor(argv), argv.join(' ')).toEqual(all);
    }
  });

  test('the list holds every command file once, sorted', async () => {
    const words = COMMANDS.map((c) => c.word);
    expect(words).toEqual([...words].sort());
    expect(new Set(words).size).toBe(words.length);
  });
});

describe('the program with one command loaded', () => {
  test('a mistyped word is still an unknown command or quest; a quest word still opens the review', async () => {
    const home = copyFixture('ds-sample');
    expect(await run(['--home', home, 'recal'])).toMatchObject({ code: 2, err: "distill: unknown command or quest 'recal' (run distill --help for the commands)\n" });
    // The review needs a terminal: reached through the quest word.
    expect(await run(['--home', home, '001'])).toMatchObject({ code: 2, err: expect.stringContaining('not a terminal') });
  });

  test('help lists every command; a command help lists its options', async () => {
    const all = await run(['--help']);
    for (const { word } of COMMANDS) expect(all.out).toContain(word);
    const recall = await run(['recall', '--help']);
    expect(recall).toMatchObject({ code: 0 });
    expect(recall.out).toContain('--tags <tags>');
  });
});
