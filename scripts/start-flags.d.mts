/** Node's own flags in package.json's start script (ADR 064). */
export declare const START_FLAGS: readonly string[]
