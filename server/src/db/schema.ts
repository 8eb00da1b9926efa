// Every table of the product, one import list (drizzle-kit reads this file).
export * from '../platform/auth/auth.tables';
export * from '../platform/import/import.tables';
export * from '../modules/system/system.tables';
export * from '../modules/iam/iam.tables';
export * from '../modules/log/log.tables';
export * from '../modules/zoo/zoo.tables';
export * from '../modules/desk/desk.tables';
export * from '../modules/resource/resource.tables';
