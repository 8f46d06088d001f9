import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDocgen } from '../src/cli.js';
import { getMinimalSiteFiles, writeSiteFiles } from '../src/fixtureSite.js';
import { startServe } from '../src/serve.js';

/*
 * The site's own code that ends the process or its thread (a remark plugin, a component calling
 * process.exit) fails the build with an error naming the page and the code, on one thread or
 * many, instead of hanging it or ending docgen without a word; serve --watch reports it and keeps
 * serving the last good pages. (vitest's time limit fails the test on a hang.)
 */
const scratch = mkdtempSync(join(tmpdir(), 'docgen-exit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A site whose remark plugin (an installed package, as plugins are) runs `call` on docs/b.md. */
function siteWithPlugin(name: string, call: string): string {
  return writeSiteFiles(join(scratch, name), {
    ...getMinimalSiteFiles('Exit'),
    'docgen.config.yaml': 'title: Exit\nurl: https://exit.example.com\nmarkdown:\n  remarkPlugins:\n    - remark-exit\n',
    'node_modules/remark-exit/package.json': '{"name":"remark-exit","version":"1.0.0","type":"module","main":"index.js"}\n',
    'node_modules/remark-exit/index.js': `export default function remarkExit() {\n  return (tree, file) => {\n    if (String(file.path).endsWith('b.md')) ${call};\n  };\n}\n`,
    'docs/a.md': '# A\n\nFine.\n',
    'docs/b.md': '# B\n\nEnds the build.\n',
  });
}

describe("the site's code ending the process", () => {
  const plugin = siteWithPlugin('plugin', 'process.exit(3)');

  for (const threads of ['1', '2']) {
    it(`fails the build (exit 2) naming the page and the plugin, with --threads ${threads}`, async () => {
      const result = await runDocgen(['build', plugin, '--threads', threads]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        'error docs/b.md:1:1  The remark plugin "remark-exit" failed on this page: The site\'s code called process.exit(3) in remark-exit',
      );
    });
  }

  it('fails the build naming the pages of a thread that ended some other way', async () => {
    // process.reallyExit ends a worker thread past the guard of process.exit.
    const result = await runDocgen(['build', siteWithPlugin('thread', 'process.reallyExit(5)'), '--threads', '2']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error A build thread stopped \(exit code 5\) while compiling docs\/[ab]\.md, docs\/[ab]\.md\n/);
  });

  it('fails the build naming the pages of a thread that never answers (an endless loop), in the time set', async () => {
    const result = await runDocgen(['build', siteWithPlugin('loop', 'while (true) {}'), '--threads', '2'], {
      DOCGEN_TASK_TIME_LIMIT_MS: '1000',
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error A build thread did not answer in 5 s while compiling docs\/[ab]\.md, docs\/[ab]\.md\n/);
  });

  it('fails the build naming the page and the component that called process.exit while rendering', async () => {
    const site = writeSiteFiles(join(scratch, 'component'), {
      ...getMinimalSiteFiles('Exit'),
      'src/components/Leave.tsx': 'export default function Leave() {\n  process.exit(0);\n  return <p>never</p>;\n}\n',
      'docs/leave.mdx': "import Leave from '@site/src/components/Leave';\n\n# Leave\n\n<Leave />\n",
    });
    for (const threads of ['1', '2']) {
      const result = await runDocgen(['build', site, '--threads', threads]);
      expect(result.code, threads).toBe(2);
      expect(result.stderr, threads).toContain(
        "Rendering /docs/leave failed: The component src/components/Leave.tsx (export default) threw while rendering: The site's code called process.exit(0)",
      );
    }
  });

  it('serve --watch reports a thread that ended, keeps serving the last good pages, and builds with new threads once fixed', async () => {
    // The plugin ends its thread on a page that says so: the config stays the same, so the same threads would serve the next save.
    const site = writeSiteFiles(join(scratch, 'watch-thread'), {
      ...getMinimalSiteFiles('Exit'),
      'docgen.config.yaml': 'title: Exit\nurl: https://exit.example.com\nmarkdown:\n  remarkPlugins:\n    - remark-exit\n',
      'node_modules/remark-exit/package.json': '{"name":"remark-exit","version":"1.0.0","type":"module","main":"index.js"}\n',
      'node_modules/remark-exit/index.js':
        "export default () => (tree, file) => { if (String(file.value).includes('END')) process.reallyExit(7); };\n",
      'docs/b.md': '# B\n\nGood.\n',
    });
    const serve = await startServe(site, ['--watch', '--port', '0'], { DOCGEN_THREADS: '2' });
    try {
      await expect.poll(() => serve.stdout(), { timeout: 60_000 }).toMatch(/Built \d+ pages/);
      writeFileSync(join(site, 'docs/b.md'), '# B\n\nEND.\n');
      await expect
        .poll(() => serve.stderr(), { timeout: 30_000 })
        .toContain('A build thread stopped (exit code 7) while compiling docs/b.md');
      expect(await (await fetch(`${serve.url}/docs/b`)).text()).toContain('Good.');
      writeFileSync(join(site, 'docs/b.md'), '# B\n\nBetter.\n');
      await expect.poll(() => serve.stdout().match(/Built \d+ pages/g)?.length ?? 0, { timeout: 30_000 }).toBe(2);
      expect(await (await fetch(`${serve.url}/docs/b`)).text()).toContain('Better.');
    } finally {
      serve.child.kill('SIGINT');
      await serve.exited;
    }
  });

  it('serve --watch reports it and keeps serving the last good pages', async () => {
    const site = writeSiteFiles(join(scratch, 'watch'), { ...getMinimalSiteFiles('Exit'), 'docs/b.md': '# B\n\nGood.\n' });
    const serve = await startServe(site, ['--watch', '--port', '0']);
    try {
      await expect.poll(() => serve.stdout(), { timeout: 60_000 }).toMatch(/Built \d+ pages/);
      // The package first, then the config that names it: a rebuild the config's save starts finds the package whole
      // (the watcher does not follow node_modules, so a package written after it would wait for the next save).
      writeSiteFiles(site, {
        'node_modules/remark-exit/package.json': '{"name":"remark-exit","version":"1.0.0","type":"module","main":"index.js"}\n',
        'node_modules/remark-exit/index.js': 'export default () => () => process.exit(1);\n',
      });
      writeSiteFiles(site, {
        'docgen.config.yaml': 'title: Exit\nurl: https://exit.example.com\nmarkdown:\n  remarkPlugins:\n    - remark-exit\n',
      });
      // The error, then (written after it, maybe in a chunk of its own) what is served meanwhile.
      await expect.poll(() => serve.stderr(), { timeout: 30_000 }).toContain('The last good output is still served.');
      expect(serve.stderr()).toContain("The site's code called process.exit(1) in remark-exit");
      const page = await fetch(`${serve.url}/docs/b`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Good.');
      // The plugin taken out: the next save builds again.
      writeFileSync(join(site, 'docgen.config.yaml'), 'title: Exit\nurl: https://exit.example.com\n');
      await expect.poll(() => serve.stdout().match(/Built \d+ pages/g)?.length ?? 0, { timeout: 30_000 }).toBe(2);
    } finally {
      serve.child.kill('SIGINT');
      await serve.exited;
    }
  });
});

describe("the site's component that throws while rendering", () => {
  it('is reported at its own file, line and column (the bundle mapped back), not at line 1 of the page', async () => {
    const site = writeSiteFiles(join(scratch, 'throws'), {
      ...getMinimalSiteFiles('Throws'),
      'src/components/Count.tsx': 'export default function Count() {\n  const items = null;\n  return <p>{items.length}</p>;\n}\n',
      'docs/count.mdx': "import Count from '@site/src/components/Count';\n\n# Count\n\n<Count />\n",
    });
    for (const threads of ['1', '2']) {
      const result = await runDocgen(['build', site, '--threads', threads]);
      expect(result.code, threads).toBe(2);
      expect(result.stderr, threads).toContain(
        "error src/components/Count.tsx:3:20  Rendering /docs/count failed: The component src/components/Count.tsx (export default) threw while rendering: Cannot read properties of null (reading 'length')",
      );
    }
  });
});
