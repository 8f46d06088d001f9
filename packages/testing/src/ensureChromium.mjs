// Makes sure what the browser tests and `docgen pdf` need from Debian is installed: Chromium,
// fonts that carry Korean text as TrueType, which a PDF embeds (the tests' pages and manuals are
// Korean and English; Japanese and Chinese would need fonts-noto-cjk, 56 MB more to download), and
// poppler's tools, with which the tests read PDFs. Never downloads a browser of its own: as root it
// installs the missing packages with apt-get; otherwise it says what to run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.DOCGEN_CHROMIUM ?? '/usr/bin/chromium';

/** Each Debian package, and the file that tells it is installed. */
const PACKAGES = [
  { name: 'chromium', file: CHROMIUM },
  { name: 'fonts-nanum', file: '/usr/share/fonts/truetype/nanum/NanumGothic.ttf' },
  { name: 'fonts-nanum-coding', file: '/usr/share/fonts/truetype/nanum/NanumGothicCoding.ttf' },
  { name: 'poppler-utils', file: '/usr/bin/pdftotext' },
];

const missing = PACKAGES.filter((item) => !existsSync(item.file)).map((item) => item.name);
if (missing.length === 0) {
  console.log(`chromium: ${CHROMIUM}; fonts and poppler-utils installed`);
  process.exit(0);
}
if (process.getuid?.() !== 0) {
  console.error(
    `Missing Debian packages: ${missing.join(' ')}. Install them with: sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`,
  );
  process.exit(1);
}
console.log(`Installing Debian ${missing.join(', ')} (apt-get) ...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env });
const still = PACKAGES.filter((item) => !existsSync(item.file)).map((item) => item.name);
if (still.length > 0) {
  console.error(`apt-get finished but these are still missing: ${still.join(', ')}.`);
  process.exit(1);
}
