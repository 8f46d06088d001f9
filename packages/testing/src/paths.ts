import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const DOCS_CONTENT = fileURLToPath(new URL('../../../docs-content', import.meta.url));
export const DOCGEN_BIN = fileURLToPath(new URL('../../../bin/docgen', import.meta.url));
