// Types of scripts/unit-sequencer.mjs for the TypeScript that imports it (vitest.config.ts).
import type { BaseSequencer } from 'vitest/node'

/** The unit and API files that took longest on CI, longest first. */
export declare const LONGEST_FIRST: readonly string[]

/** `files` with each project's files named in `longestFirst` first, longest first; everything else in the order given. */
export declare function longestFirst<F extends { project: string; file: string }>(files: F[], longestFirst?: readonly string[]): F[]

/** vitest's order with each project's longest files first. */
export default class LongestFirst extends BaseSequencer {}
