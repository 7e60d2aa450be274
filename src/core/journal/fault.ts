// Test-only fault injection: DISTILL_FAULT_AT=<step name | step number> makes the process die abruptly (SIGKILL)
// when a write reaches that step, so the crash tests can show recovery from every point of a write.
export interface FaultOptions {
  /** A step name (`op3.replace.rename`) or a 1-based count of fault points reached. */
  faultAt?: string;
  /** What to do at the fault point; default SIGKILL of this process. */
  onFault?: (step: string) => void;
  /** Every fault point reached, in order (for tests that enumerate them). */
  trace?: string[];
}

export function makeFault(options: FaultOptions = {}): (step: string) => void {
  let count = 0;
  return (step: string) => {
    count += 1;
    options.trace?.push(step);
    const at = options.faultAt;
    if (!at || (at !== step && at !== String(count))) return;
    if (options.onFault) return options.onFault(step);
    process.kill(process.pid, 'SIGKILL');
  };
}
