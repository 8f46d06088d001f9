// Makes sure Debian's Chromium is installed for the browser tests. Never downloads a browser of
// its own: as root it installs the `chromium` package with apt-get; otherwise it says what to run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.DOCGEN_CHROMIUM ?? '/usr/bin/chromium';
if (existsSync(CHROMIUM)) {
  console.log(`chromium: ${CHROMIUM}`);
  process.exit(0);
}
if (process.getuid?.() !== 0) {
  console.error(`Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get update && sudo apt-get install -y chromium`);
  process.exit(1);
}
console.log('Installing Debian chromium (apt-get) ...');
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-noto-cjk'], { stdio: 'inherit', env });
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
