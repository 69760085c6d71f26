/**
 * `--import`ed by the `--profile` pass's process after tsx: registers the line-preserving
 * TypeScript hooks (see line-preserving-hooks.ts) so that they run before tsx's. Where Node has
 * in-thread hooks (`module.registerHooks`, which tsx then uses too, and which run before hooks on
 * the loader thread), they go there; elsewhere on the loader thread.
 */
import module from 'node:module';
import { loadSync } from './line-preserving-hooks.js';

type RegisterHooks = (hooks: { load: typeof loadSync }) => unknown;
const registerHooks = (module as unknown as { registerHooks?: RegisterHooks }).registerHooks;

if (typeof registerHooks === 'function') registerHooks({ load: loadSync });
else module.register(new URL('./line-preserving-hooks.js', import.meta.url));
