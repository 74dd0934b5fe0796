/** Types of scripts/server-node-flags.mjs, for the TypeScript that imports it. */
export declare const SERVER_NODE_FLAGS: readonly string[];
