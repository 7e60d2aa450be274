// Runs real PyYAML / Python json as an oracle: one python3 process per batch, JSON lines in, JSON lines out.
// Floats travel as {"$float": "<repr>"} so 1.0 stays a Python float; everything else is plain JSON.
import { spawn, spawnSync } from 'node:child_process';
import { PyFloat, pythonFloatRepr } from '../../src/core/format/pyjson.js';

const SCRIPT = String.raw`
import sys, json, yaml
def hook(d):
    if len(d) == 1 and '$float' in d:
        return float(d['$float'])
    return d
out = []
for line in sys.stdin:
    req = json.loads(line, object_hook=hook)
    op = req['op']
    if op == 'dump':
        res = yaml.safe_dump(req['value'], allow_unicode=True, sort_keys=False)
    elif op == 'card':
        dump = yaml.safe_dump(req['meta'], allow_unicode=True, sort_keys=False)
        res = '---\n' + dump.strip() + '\n---\n' + req['body'].rstrip() + '\n'
    elif op == 'json_pretty':
        res = json.dumps(req['value'], indent=2, ensure_ascii=False) + '\n'
    elif op == 'json_line':
        res = json.dumps(req['value'], ensure_ascii=False)
    else:
        raise SystemExit('unknown op ' + op)
    out.append(json.dumps(res))
sys.stdout.write('\n'.join(out) + '\n')
`;

let available: boolean | null = null;

/** True when `python3 -c "import yaml"` works. */
export function pythonYamlAvailable(): boolean {
  if (available === null) {
    const probe = spawnSync('python3', ['-c', 'import yaml'], { encoding: 'utf8' });
    available = probe.status === 0;
  }
  return available;
}

function encodeFloats(value: unknown): unknown {
  if (value instanceof PyFloat) return { $float: pythonFloatRepr(value.value) };
  if (typeof value === 'number' && !Number.isSafeInteger(value)) return { $float: pythonFloatRepr(value) };
  if (Array.isArray(value)) return value.map(encodeFloats);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encodeFloats(v)]));
  }
  return value;
}

export type OracleRequest =
  | { op: 'dump'; value: unknown }
  | { op: 'card'; meta: unknown; body: string }
  | { op: 'json_pretty'; value: unknown }
  | { op: 'json_line'; value: unknown };

/** Answers every request in one python3 process (asynchronous, so a long batch does not block the test worker). */
export async function runOracle(requests: OracleRequest[]): Promise<string[]> {
  if (requests.length === 0) return [];
  const input = requests.map((r) => JSON.stringify(encodeFloats(r))).join('\n') + '\n';
  const child = spawn('python3', ['-c', SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  const status = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
    child.stdin.end(input, 'utf8');
  });
  if (status !== 0) throw new Error(`python oracle failed: ${Buffer.concat(err).toString('utf8')}`);
  const lines = Buffer.concat(out).toString('utf8').split('\n').filter((l) => l.length > 0);
  if (lines.length !== requests.length) throw new Error(`oracle answered ${lines.length} of ${requests.length}`);
  return lines.map((l) => JSON.parse(l) as string);
}

export function pyyamlDump(values: unknown[]): Promise<string[]> {
  return runOracle(values.map((value) => ({ op: 'dump', value })));
}
