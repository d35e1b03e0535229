export * from './billing';
export * from './impersonation';
export * from './monitors';
export * from './notifications';
export * from './plans';
export * from './probers';
export * from './rate-limits';
export * from './users';
