/** The plain static server lives with the fidelity harness, which serves builds with it too. */
export { startPlainServer, type PlainServer } from '@docgen/compat/plainServer';
