/**
 * `--import`ed by the `--profile` pass's process after tsx: registers the line-preserving
 * TypeScript hooks (see line-preserving-hooks.ts), which then run before tsx's.
 */
import { register } from 'node:module';

register(new URL('./line-preserving-hooks.js', import.meta.url));
