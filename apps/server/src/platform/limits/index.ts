export {
  createLimits,
  retryAfterSeconds,
  subjectKey,
  type BudgetName,
  type BudgetRules,
  type Budgets,
  type BudgetSubject,
  type Limits,
  type LimitsOptions,
} from './limits.ts';
export { memoryBuckets, type BucketRule, type BucketStore, type TakeResult } from './token-bucket.ts';
export { writeBudget } from './http.ts';
export { socketEventAdmission, type EventRefusal } from './socket.ts';
export { createLanes } from './lanes.ts';
