export { cutVersion, type CutVersionOptions, type CutVersionPlace, type CutVersionResult } from './cutVersion.js';
export type { CutStep } from './snapshot.js';
