// `distill serve`: the resident index and its socket until SIGINT or SIGTERM; the socket file is removed on the way out.
import { UserError } from '../../core/index.js';
import { openResident } from '../mcp/run.js';
import type { Io } from '../output.js';
import { listenSocket } from './socket.js';

export async function runServe(home: string, io: Io): Promise<number> {
  const resident = openResident(home, io);
  const listening = await listenSocket(resident, io);
  if (!listening) {
    resident.close();
    throw new UserError(`${home}: not serving (see above)`);
  }
  io.err(`distill: serving recall and neighbors for ${home} at ${listening.path} (${resident.store.count} cards); Ctrl-C stops\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await listening.close();
  resident.close();
  return 0;
}
