// `pnpm docs:errors`: writes the manual's page of errors and warnings from the diagnostics catalogue
// (packages/core/src/diagnostics/catalogue.ts); packages/core/test/diagnosticsCatalogue.test.ts fails when it is stale.
import { writeFileSync } from 'node:fs';
import { DIAGNOSTICS_PAGE, toDiagnosticsPage } from '../dist/diagnostics/catalogue.js';

const page = new URL(`../../../${DIAGNOSTICS_PAGE}`, import.meta.url);
writeFileSync(page, toDiagnosticsPage());
console.log(`Wrote ${DIAGNOSTICS_PAGE}`);
