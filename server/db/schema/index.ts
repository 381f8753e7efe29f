export * from './analytics';
export * from './gamification';
export * from './shros';
export * from './social';
export * from './users';
