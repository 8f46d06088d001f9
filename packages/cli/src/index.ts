export { createProgram, EXIT, formatDiagnosticLine, type ProgramIO } from './program.js';
