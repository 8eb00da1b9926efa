export * from './flow';
export * from './leave';
export * from './stock-approval';
export * from './services';
export * from './events';
