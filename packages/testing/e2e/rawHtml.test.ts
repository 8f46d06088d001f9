/**
 * What raw HTML in markdown may carry, through the real CLI on a site generated here: a page
 * full of script in attributes builds (exit 0), each removal is a warning with file:line:col, no
 * script reaches any page or page data, and the HTML that is allowed stays as written.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listFiles, runDocgen } from '../src/cli.js';
import { getMinimalSiteFiles, writeSiteFiles } from '../src/fixtureSite.js';

const scratch = mkdtempSync(join(tmpdir(), 'docgen-raw-html-'));
const site = join(scratch, 'site');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Lines of docs/hostile.md, each of which carries script that must not reach the page. */
const HOSTILE = [
  '<iframe srcdoc="<script>alert(1)</script>" title="Inline"></iframe>',
  '<iframe src="javascript:alert(2)" title="Script frame"></iframe>',
  '<object data="data:image/svg+xml,<svg onload=alert(3)>"></object>',
  '<embed src="data:text/html,<script>alert(4)</script>">',
  '<form action="javascript:alert(5)"><button formaction="javascript:alert(6)">Send</button></form>',
  '<svg width="10" height="10"><a xlink:href="javascript:alert(7)"><circle cx="5" cy="5" r="4"></circle></a><script>alert(8)</script></svg>',
  '<img src="pic.png" alt="Pic" srcset="javascript:alert(9) 1x" onerror="alert(10)">',
  '<div style="width: expression(alert(11))">Styled</div>',
  '<style>.x { background: url("javascript:alert(12)") }</style>',
  '<meta http-equiv="refresh" content="0; url=javascript:alert(13)">',
  '<a href="&#106;avascript:alert(14)">entity-encoded</a>',
];

describe('raw HTML in a built page', () => {
  it('builds with a warning at each removal, and no script in any page or page data', async () => {
    writeSiteFiles(site, {
      ...getMinimalSiteFiles('Raw HTML'),
      'docs/hostile.md': `# Hostile\n\n${HOSTILE.join('\n\n')}\n\n<iframe src="https://www.youtube-nocookie.com/embed/x" title="Video"></iframe>\n`,
    });
    const { code, stdout, stderr } = await runDocgen(['build', site]);
    expect(code, stderr).toBe(0);
    const warnings = `${stdout}${stderr}`;
    // Line 3 + 2n holds HOSTILE[n]; the svg and form lines warn twice, the img line twice.
    const expected = [
      'docs/hostile.md:3:1  The srcdoc of <iframe> is removed',
      'docs/hostile.md:5:1  The script URL in src of <iframe> is removed',
      'docs/hostile.md:7:1  The script URL in data of <object> is removed',
      'docs/hostile.md:9:1  The script URL in src of <embed> is removed',
      'docs/hostile.md:11:1  The script URL in action of <form> is removed',
      'docs/hostile.md:11:36  The script URL in formaction of <button> is removed',
      'docs/hostile.md:13:29  The script URL in xlink:href of <a> is removed',
      'docs/hostile.md:13:106  <script> is removed',
      'docs/hostile.md:15:1  The script URL in srcset of <img> is removed',
      'docs/hostile.md:15:1  The event handler onerror of <img> is removed',
      'docs/hostile.md:17:1  The style of <div> is removed: its CSS runs script (expression)',
      'docs/hostile.md:19:1  <style> is removed: its CSS runs script (javascript)',
      'docs/hostile.md:21:1  <meta> is removed',
      'docs/hostile.md:23:1  The script URL in href of <a> is removed',
    ];
    for (const line of expected) expect(warnings).toContain(line);
    const build = join(site, 'build');
    const published = listFiles(build).filter((file) => /\.(html|json)$/.test(file));
    expect(published).toContain(join('docs', 'hostile', 'index.html'));
    for (const file of published) {
      const text = readFileSync(join(build, file), 'utf8');
      expect(text, file).not.toMatch(/alert\(|srcdoc|expression\(/i);
    }
    const page = readFileSync(join(build, 'docs', 'hostile', 'index.html'), 'utf8');
    expect(page).toContain('<iframe src="https://www.youtube-nocookie.com/embed/x" title="Video"></iframe>');
  });
});

describe('HTML of the config: navbar and footer html items, the copyright', () => {
  it('shows it as raw HTML in a page is shown, each removal a warning at its line in the config, its links checked', async () => {
    const configSite = join(scratch, 'config-html');
    const minimal = getMinimalSiteFiles('Config HTML');
    writeSiteFiles(configSite, {
      ...minimal,
      'docgen.config.yaml': [
        minimal['docgen.config.yaml']!.trimEnd(),
        'navbar:',
        '  items:',
        '    - type: html',
        '      position: right',
        '      className: navbar-badge',
        '      value: \'<b class="beta">Beta</b><img src="https://example.com/x.png" onerror="alert(1)">\'',
        'footer:',
        '  links:',
        '    - title: More',
        '      items:',
        '        - html: \'<a href="/docs/missing">Gone</a><script>alert(2)</script>\'',
        '        - label: Intro',
        '          to: /docs/intro',
        '  copyright: \'Copyright © Gizmo. Built with <a href="https://example.com" onclick="alert(3)">docgen</a>\'',
        '',
      ].join('\n'),
      'docs/intro.md': '# Intro\n\nHello.\n',
    });
    const built = await runDocgen(['build', configSite]);
    expect(built.code, built.stderr).toBe(0);
    const warnings = `${built.stdout}${built.stderr}`;
    expect(warnings).toMatch(/docgen\.config\.yaml:11:\d+ +The event handler onerror of <img> is removed \(navbar\.items\.0\.value\)/);
    expect(warnings).toMatch(/docgen\.config\.yaml:16:\d+ +<script> is removed/);
    expect(warnings).toMatch(/docgen\.config\.yaml:19:\d+ +The event handler onclick of <a> is removed \(footer\.copyright\)/);
    const page = readFileSync(join(configSite, 'build', 'docs', 'intro', 'index.html'), 'utf8');
    expect(page).toContain('<div class="navbar__item navbar-badge"><b class="beta">Beta</b><img src="https://example.com/x.png"></div>');
    expect(page).toContain('<li class="footer__item"><a href="/docs/missing">Gone</a></li>');
    expect(page).toContain('Copyright © Gizmo. Built with <a href="https://example.com">docgen</a>');
    for (const file of listFiles(join(configSite, 'build')).filter((name) => /\.(html|json)$/.test(name))) {
      expect(readFileSync(join(configSite, 'build', file), 'utf8'), file).not.toMatch(/alert\(/);
    }
    // A link in an html item is checked as any link of the footer is.
    const checked = await runDocgen(['check-links', configSite]);
    expect(checked.code).toBe(1);
    expect(checked.stdout + checked.stderr).toMatch(/docgen\.config\.yaml:16:\d+.*\/docs\/missing/);
  });
});
