// The lessons (cleanup) TUI entry. Placeholder until the screen lands.
import { UserError } from '../../core/errors.js';

export interface RunLessonsOptions {
  home: string;
  env: NodeJS.ProcessEnv;
  threshold?: number;
}

export async function runLessons(_options: RunLessonsOptions): Promise<number> {
  throw new UserError('lessons: the TUI is not built yet; use distill lessons --json');
}
