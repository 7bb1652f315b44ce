// Reading GET /metrics in tests (ADR 051): Prometheus's text format, one sample a line.
import type { TestApp } from './app.ts'

/** A token long enough for METRICS_TOKEN (32+ characters). */
export const METRICS_TOKEN = 'metrics-token-of-this-operator-0123456789'

export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

/** The samples of an exposition (comments and blank lines left out). Label values here never hold a quote or comma. */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match) throw new Error(`not a sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!
    samples.push({ name: match[1]!, labels, value: Number(match[3]) })
  }
  return samples
}

/** The value of the one sample named `name` whose labels include `labels`; 0 when there is none (nothing counted yet). */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`)
  return found[0]?.value ?? 0
}

/** GET /metrics on the public port with the token, parsed; fails on anything but a 200. */
export async function scrape(t: TestApp, token = METRICS_TOKEN): Promise<Sample[]> {
  const res = await t.request('GET', '/metrics', { token })
  if (res.statusCode !== 200) throw new Error(`GET /metrics answered ${res.statusCode}: ${res.body}`)
  return parseMetrics(res.body)
}
