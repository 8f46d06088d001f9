export { cutVersion, type CutVersionOptions, type CutVersionPlace, type CutVersionResult } from './cutVersion.js';
export type { CutStep } from '../processes/index.js';
