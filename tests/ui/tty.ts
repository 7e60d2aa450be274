// A terminal's streams for running a screen through its real entry (runReview, runLessons: Ink's render in the
// screen loop, not ink-testing-library): a stdout that records what is written, a stdin in raw mode.
import { EventEmitter } from 'node:events';

export class TtyOut extends EventEmitter {
  isTTY = true;
  columns = 100;
  rows = 30;
  writes: string[] = [];
  write = (text: string) => {
    this.writes.push(text);
    return true;
  };
  all = () => this.writes.join('');
}

export class TtyIn extends EventEmitter {
  isTTY = true;
  data: string | null = null;
  rawMode = false;
  /** Writes one chunk, as a terminal does when keys arrive together. */
  write(data: string) {
    this.data = data;
    this.emit('readable');
  }
  read() {
    const { data } = this;
    this.data = null;
    return data;
  }
  setEncoding() {}
  setRawMode(on: boolean) {
    this.rawMode = on;
  }
  ref() {}
  unref() {}
  resume() {}
  pause() {}
}
