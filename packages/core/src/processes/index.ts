export { getProcessTag, isProcessAlive, PROCESS_TAG_PATTERN, type ProcessTag } from './identity.js';
export {
  acquireLock,
  tryAcquireLock,
  type AcquireLockOptions,
  type HeldLock,
  type LockedResource,
  type LockOwner,
  type LockWait,
} from './lock.js';
export {
  getTemporaryName,
  getTemporaryOwner,
  readFileStart,
  readWholeText,
  removeDeadTemporaries,
  writeAll,
  writeFileWhole,
} from './temporaries.js';
export { failWriteForTest, pauseForTest } from './testPause.js';
export { createSnapshot, getMissingDirs, recoverInterruptedCuts, type CutStep, type RecoveredCut } from './snapshot.js';
export { listChildProcesses, waitForChildrenToEnd, type ChildProcessInfo } from './children.js';
export { stopBundler } from './stopBundler.js';
export { findCompiledModule, hashOwnCode } from './ownCode.js';
export { findCacheDir } from './cacheDir.js';
export { raiseTierUpBudget, TIER_UP_BUDGET } from './tierUpBudget.js';
