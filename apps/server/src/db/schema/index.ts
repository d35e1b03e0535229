export * from './impersonation';
export * from './plans';
export * from './rate-limits';
export * from './users';
