// Every table of the product, one import list (drizzle-kit reads this file). It sits above platform and modules:
// nothing below imports it.
export * from './platform/auth/auth.tables';
export * from './platform/import/import.tables';
export * from './platform/tenancy/tenancy.tables';
export * from './platform/access/access.tables';
export * from './platform/identity/identity.tables';
export * from './platform/dict/dict.tables';
export * from './platform/param/param.tables';
export * from './platform/log/log.tables';
export * from './platform/audit/audit.tables';
export * from './platform/resource/row-count.tables';
export * from './modules/system/client/client.tables';
export * from './modules/system/topmenu/topmenu.tables';
export * from './modules/system/user/user.tables';
export * from './modules/system/post/post.tables';
export * from './modules/base/region/region.tables';
export * from './modules/zoo/zoo.tables';
export * from './modules/zoo/stocklog/stocklog.tables';
export * from './modules/zoo/keeper/keeper.tables';
export * from './modules/zoo/feedback/feedback.tables';
export * from './modules/zoo/humiture/humiture.tables';
export * from './modules/desk/notice/notice.tables';
export * from './modules/resource/resource.tables';
export * from './modules/auth/federated/federated.tables';
