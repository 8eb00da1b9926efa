export * from './datasets';
export * from './report';
