export * from './actor.ts';
export * from './policy.ts';
