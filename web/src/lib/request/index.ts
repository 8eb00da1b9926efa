export { call, type CallOptions } from './call';
export { upload } from './upload';
export { http, type HttpOptions } from './http';
export { RequestError, type RequestErrorKind } from './request-error';
