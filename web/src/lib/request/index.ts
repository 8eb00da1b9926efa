export { call, type CallOptions } from './call';
export { http, type HttpOptions } from './http';
export { RequestError, type RequestErrorKind } from './request-error';
