// How many times the tests that repeat a case run it (ADR 103). `npm test` and CI run them at the sample depth: every
// kind of fault, request and typology at least several times, with a new random seed each run; `npm run test:full`
// runs them at the counts the issues name (1,000 fault runs, 20,000 hostile requests, 10,000 players, 20 restarts, every
// scenario under every fault), a run recorded in bench/results. SANAM_TEST_DEPTH carries the choice to every process
// of the run; a value it does not know stops the run instead of choosing a depth for it.

/** The depths, shallow first. */
export const TEST_DEPTHS = Object.freeze(['sample', 'full'])

/** The variable that names the depth; unset means `sample`. */
export const TEST_DEPTH_VARIABLE = 'SANAM_TEST_DEPTH'

/**
 * The run's depth from `env`: `sample` when unset, else the value, which must be one of TEST_DEPTHS.
 *
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {'sample' | 'full'}
 */
export function testDepth(env = process.env) {
  const value = env[TEST_DEPTH_VARIABLE]
  if (value === undefined || value === '') return 'sample'
  if (!TEST_DEPTHS.includes(value)) throw new Error(`${TEST_DEPTH_VARIABLE}=${value} is not a depth: use ${TEST_DEPTHS.join(' or ')}`)
  return /** @type {'sample' | 'full'} */ (value)
}

/**
 * The count for the run's depth: `counts.full` at the full depth (what the issue asks for), else `counts.sample`.
 *
 * @template T
 * @param {{ sample: T, full: T }} counts
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {T}
 */
export function atDepth(counts, env = process.env) {
  return counts[testDepth(env)]
}
