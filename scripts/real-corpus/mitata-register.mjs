// Preloaded (node --import) into mitata's own run of a corpus file: sends the file's
// `import … from 'mitata'` to mitata-wrapper.mjs, which re-exports the real mitata and records
// what its run() returned. The file and mitata are unchanged.
import { register } from 'node:module';

register(new URL('./mitata-hooks.mjs', import.meta.url));
