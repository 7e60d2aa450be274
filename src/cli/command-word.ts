// The command line's first word, read before anything is loaded: bin.ts asks a running server for recall and
// neighbors (serve/client.ts) on it, and commands/index.ts loads only the command it names.

/**
 * The command line's first word and the --home before it: undefined word when there is none, null when an option other
 * than --home comes first (--help, --version, a mistake: commander's to judge).
 */
export function firstWord(argv: readonly string[]): { word: string | undefined; home: string | undefined } | null {
  let home: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--home') home = argv[++i];
    else if (a.startsWith('--home=')) home = a.slice(7);
    else if (a.startsWith('-')) return null;
    else return { word: a, home };
  }
  return { word: undefined, home };
}

/** The first word of a command line (undefined: none); null with --help or -h anywhere, or another option before it. */
export function commandWord(argv: readonly string[]): string | undefined | null {
  const first = firstWord(argv);
  return first && (argv.includes('--help') || argv.includes('-h') ? null : first.word);
}
