// The resident server's socket protocol (`distill serve`, `distill mcp`): one JSON line each way. The client sends the
// command line of `distill recall` or `distill neighbors` with its home and current directory; the server runs that
// command over its resident index and sends back what it printed and its exit code, which the client prints as its
// own: the same bytes as the command run without a server.

export interface SocketRequest {
  argv: string[];
  /** The home the client resolved (a real path): the server answers only for its own. */
  home: string;
  cwd: string;
}

export type SocketReply = { out: string; err: string; code: number } | { refused: string };

/** The commands a server answers (read-only, and the ones a resident index makes faster). */
export const SERVED_COMMANDS = ['recall', 'neighbors'];

/** `--home DIR` or `--home=DIR` anywhere before `--` (commander takes the program's option after the command too). */
export function homeArgument(argv: readonly string[]): string | undefined {
  let home: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') break;
    if (a === '--home') home = argv[++i];
    else if (a.startsWith('--home=')) home = a.slice(7);
  }
  return home;
}
