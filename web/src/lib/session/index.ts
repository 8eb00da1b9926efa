export { collectButtonCodes, isAdministrator, type PermissionMap } from './permissions';
export { initialSession, session, useSession, type SessionData, type Tag } from './session-store';
export { loadButtons, loadButtonsLater, loadMenu, refreshMenuOnce } from './menu-loader';
export { checkTokenRefresh, refreshDue, refreshToken, startTokenRefresh, switchDeptRole, switchHeaders } from './token-refresh';
export { captureError, installErrorCapture, useErrorLog, type ErrorLog } from './error-log';
