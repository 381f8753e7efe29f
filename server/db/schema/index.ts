export * from './analytics';
export * from './gamification';
export * from './shros';
export * from './social';
export * from './upload-blobs';
export * from './users';
