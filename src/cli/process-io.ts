// The process's own output and environment as a command sees them (Io). A module of its own, loading nothing else:
// bin.ts prints a running server's answer through it before the CLI is loaded (serve/client.ts).

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  isTTY: boolean;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

export function processIo(): Io {
  // `distill drafts | head`: a closed pipe ends the output quietly, as other CLI tools do.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  return {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    isTTY: Boolean(process.stdin.isTTY && process.stdout.isTTY),
    env: process.env,
    cwd: process.cwd(),
  };
}
