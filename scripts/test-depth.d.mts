// Types of scripts/test-depth.mjs for the TypeScript that imports it (the API tests, e2e).

export const TEST_DEPTHS: readonly ['sample', 'full']
export const TEST_DEPTH_VARIABLE: 'SANAM_TEST_DEPTH'
export type TestDepth = 'sample' | 'full'
export function testDepth(env?: NodeJS.ProcessEnv): TestDepth
export function atDepth<T>(counts: { sample: T; full: T }, env?: NodeJS.ProcessEnv): T
