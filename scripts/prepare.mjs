// npm's `prepare`: builds dist/ unless it is already newer than every input of the build.
// Why: `npx ubench` inside this checkout installs the checkout into npm's npx cache as a link and
// runs `prepare` again there; a full TypeScript build costs ~10 s that the user sees on the first
// `npx ubench examples/` after `npm install`; and each test suite builds first through it, so a
// clean install's CI builds once, not four times. `npm run build` always builds.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const stamp = join(root, 'dist', '.build-stamp');
/** Files and folders whose change means dist/ must be built again. */
const inputs = ['src', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'tsconfig.client.json', 'scripts/build-client.mjs', 'scripts/bundle-entries.mjs'];

function newestMtime(path) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function stampMtime() {
  try {
    return statSync(stamp).mtimeMs;
  } catch {
    return -1;
  }
}

const newestInput = Math.max(...inputs.map((input) => newestMtime(join(root, input))));
if (stampMtime() >= newestInput) {
  console.log('dist/ is newer than its sources; not building again (npm run build forces it)');
} else {
  // The stamp carries the build's start: a source saved while the build ran is newer than it.
  const started = new Date();
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });
  writeFileSync(stamp, '');
  utimesSync(stamp, started, started);
}
