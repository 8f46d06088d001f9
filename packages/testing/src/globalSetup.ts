import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { build, startStaticServer } from '@docgen/core';
import { DOCS_CONTENT } from './paths.js';
import { startPlainServer } from './plainServer.js';
import { createVariantSite } from './variantSite.js';

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    /** The same build served by a static file server that knows nothing of docgen (see plainServer.ts). */
    plainUrl: string;
    outDir: string;
    buildWarnings: string[];
    /** The variant site (see variantSite.ts), built and served beside the real one. */
    variantUrl: string;
  }
}

/** Builds the real docs-content once and serves it on 127.0.0.1 for every e2e test. */
export default async function setup(project: TestProject) {
  const root = mkdtempSync(join(tmpdir(), 'docgen-e2e-'));
  const outDir = join(root, 'build');
  const result = await build({ siteDir: DOCS_CONTENT, outDir });
  const server = await startStaticServer({ root: outDir, host: '127.0.0.1', port: 0 });
  const plainServer = await startPlainServer(outDir);
  const variant = createVariantSite(root);
  await build({ siteDir: variant, outDir: join(variant, 'build') });
  const variantServer = await startStaticServer({ root: join(variant, 'build'), host: '127.0.0.1', port: 0 });
  project.provide('variantUrl', variantServer.url.replace(/\/$/, ''));
  project.provide('siteUrl', server.url.replace(/\/$/, ''));
  project.provide('plainUrl', plainServer.url);
  project.provide('outDir', outDir);
  project.provide(
    'buildWarnings',
    result.diagnostics.map((diagnostic) => diagnostic.message),
  );
  return async () => {
    await Promise.all([server.close(), plainServer.close(), variantServer.close()]);
    rmSync(root, { recursive: true, force: true });
  };
}
