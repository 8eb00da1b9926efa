export { collectButtonCodes, isAdministrator, type PermissionMap } from './permissions';
export { initialSession, session, useSession, type SessionData, type Tag } from './session-store';
export { loadButtons, loadButtonsLater, loadMenu, refreshMenuOnce } from './menu-loader';
export { checkTokenRefresh, refreshDue, refreshToken, startTokenRefresh } from './token-refresh';
