// The run's depth for the API tests that repeat a case (ADR 103): scripts/test-depth.mjs, which e2e uses too.
export { atDepth, testDepth } from '../../../scripts/test-depth.mjs'
