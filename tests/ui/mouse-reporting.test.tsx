// Mouse reporting is switched on while a screen runs and always off again: when the reviewer quits, before the
// editor gets the terminal, on process.exit, on an uncaught error and on a terminating signal. And the parsing of
// the reports: split out of the input, cut reports joined, other input left as it was.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { runReview } from '../../src/ui/review/run.js';
import { filterMouse } from '../../src/ui/shared/mouse/filter.js';
import { MOUSE_OFF, MOUSE_ON, splitMouse } from '../../src/ui/shared/mouse/sgr.js';
import { waitFor } from '../helpers/wait.js';
import { fakeFacade, sampleData } from './fake-facade.js';
import { TtyIn, TtyOut } from './tty.js';

describe('mouse reporting', () => {
  test('the review turns it on before its first frame and off when the reviewer quits; reports in between are clicks', async () => {
    const stdout = new TtyOut();
    const stdin = new TtyIn();
    const done = runReview({
      facade: fakeFacade(sampleData(), null),
      env: {},
      stdin: stdin as unknown as NodeJS.ReadStream,
      stdout: stdout as unknown as NodeJS.WriteStream,
    });
    await waitFor(() => stdin.rawMode && stdout.all().includes('Runs 1/2 covered'));
    expect(stdout.writes[0]).toBe(MOUSE_ON);
    expect(stdout.all()).not.toContain(MOUSE_OFF);
    // A click on the drafts pane's title (second column of panes, second line) focuses it.
    const before = stdout.writes.length;
    stdin.write('\x1b[<0;45;2M\x1b[<0;45;2m');
    await waitFor(() => stdout.writes.slice(before).join('').includes('▸ Drafts'), { message: () => stdout.writes.slice(before).join('') });
    stdin.write('q');
    expect(await done).toBe(0);
    expect(stdout.writes.at(-1)).toBe(MOUSE_OFF);
    expect(stdout.all().split(MOUSE_ON).length).toBe(2);
  });

  test('DISTILL_MOUSE=0 leaves the terminal alone', async () => {
    const stdout = new TtyOut();
    const stdin = new TtyIn();
    const done = runReview({ facade: fakeFacade(sampleData(), null), env: { DISTILL_MOUSE: '0' }, stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream });
    await waitFor(() => stdin.rawMode && stdout.all().includes('Runs 1/2 covered'));
    stdin.write('q');
    await done;
    expect(stdout.all()).not.toContain(MOUSE_ON);
    expect(stdout.all()).not.toContain(MOUSE_OFF);
  });

  // A child process turns reporting on (dist/, as the CLI runs it) and ends in each way; its stdout must end with OFF.
  const built = path.join(process.cwd(), 'dist', 'ui', 'shared', 'mouse', 'reporting.js');
  const ends: [string, string, (r: ReturnType<typeof spawnSync>) => void][] = [
    ['a terminating signal (and the process still dies of it)', `process.kill(process.pid, 'SIGTERM'); setTimeout(() => {}, 5000);`, (r) => expect(r.signal).toBe('SIGTERM')],
    ['an uncaught error', `setTimeout(() => { throw new Error('boom'); }, 0);`, (r) => expect(r.status).toBe(1)],
    ['process.exit', `process.exit(3);`, (r) => expect(r.status).toBe(3)],
  ];
  test.each(ends)('it is turned off on %s', (_what, ending, check) => {
    expect(fs.existsSync(built), 'run npm run build first').toBe(true);
    const script = `import { mouseReporting } from ${JSON.stringify(built)}; mouseReporting(process.stdout); ${ending}`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 20000 });
    expect(r.stdout).toBe(MOUSE_ON + MOUSE_OFF);
    check(r);
  });
});

describe('SGR reports in the input', () => {
  test('reports are taken out, keys around them stay, a cut report waits for its end', () => {
    expect(splitMouse('j\x1b[<0;3;4Mk\x1b[<0;3;4m')).toEqual({
      text: 'jk',
      events: [
        { kind: 'press', button: 0, x: 2, y: 3 },
        { kind: 'release', button: 0, x: 2, y: 3 },
      ],
      rest: '',
    });
    expect(splitMouse('\x1b[<64;1;1M\x1b[<65;10;20M\x1b[<66;1;1M')).toEqual({
      text: '',
      events: [
        { kind: 'wheelUp', button: 0, x: 0, y: 0 },
        { kind: 'wheelDown', button: 0, x: 9, y: 19 },
      ],
      rest: '',
    });
    expect(splitMouse('x\x1b[<0;12')).toEqual({ text: 'x', events: [], rest: '\x1b[<0;12' });
    // The older X10 form (ESC [ M and three bytes, each plus 32), whole and cut.
    expect(splitMouse('a\x1b[M *(\x1b[M#*(b\x1b[Ma')).toEqual({
      text: 'ab',
      events: [
        { kind: 'press', button: 0, x: 9, y: 7 },
        { kind: 'release', button: 0, x: 9, y: 7 },
      ],
      rest: '\x1b[Ma',
    });
    expect(splitMouse('\x1b[M`!!')).toEqual({ text: '', events: [{ kind: 'wheelUp', button: 0, x: 0, y: 0 }], rest: '' });
    // Escape, arrows and other sequences are not mouse reports.
    expect(splitMouse('\x1b\x1b[A\x1b[6~')).toEqual({ text: '\x1b\x1b[A\x1b[6~', events: [], rest: '' });
  });

  test('filterMouse wraps read() and puts it back', () => {
    const chunks = ['a\x1b[<0;5', ';6Mb', '\x1b[<65;1;1M', null];
    const stream = { read: () => chunks.shift() ?? null } as unknown as NodeJS.ReadStream;
    const original = stream.read;
    const events: string[] = [];
    const restore = filterMouse(stream, (e) => events.push(`${e.kind}@${e.x},${e.y}`));
    const read: unknown[] = [];
    for (let chunk = stream.read(); chunk !== null; chunk = stream.read()) read.push(chunk);
    expect(read).toEqual(['a', 'b']);
    expect(events).toEqual(['press@4,5', 'wheelDown@0,0']);
    restore();
    expect(stream.read).toBe(original);
  });
});
