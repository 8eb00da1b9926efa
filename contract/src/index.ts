export * from './common';
export * from './endpoint';
export * from './crud';
export * from './dicts';
export * from './auth/auth';
export * from './system/menu';
export * from './system/tenant-info';
export * from './system/param';
