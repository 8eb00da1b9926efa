import type { MenuNode, TokenResponse } from '@zoo/contract';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { Language } from '../i18n';
import { website } from '../website';
import type { PermissionMap } from './permissions';
import { prefixedStorage } from './prefixed-storage';
import { tokenCookies } from './token-cookies';

/** A visited route shown in the tab bar. */
export interface Tag {
  /** The name when visited; `meta` re-derives it after a language switch. */
  label: string;
  value: string;
  query?: string;
  meta?: { label?: string; title?: string };
}

export interface SessionData {
  token: string;
  refreshToken: string;
  /** ms epoch when the token was stored; drives the proactive refresh. */
  tokenStamp: number;
  tenantId: string;
  tenantName: string;
  /** The raw token response (Saber keeps it whole as userInfo). */
  userInfo: TokenResponse | null;
  permission: PermissionMap;
  menu: MenuNode[];
  tags: Tag[];
  isLock: boolean;
  lockPasswd: string;
  /** Where the user was when the screen locked; unlocking returns there. */
  lockFrom: string;
  isCollapse: boolean;
  /** The sidebar's forest after a top-menu choice; null = the whole menu (首页). Routes always use `menu`. */
  sideMenu: MenuNode[] | null;
  theme: string;
  colour: string;
  language: Language;
}

export interface SessionActions {
  setTokens(access: string, refresh: string): void;
  login(user: TokenResponse): void;
  logout(): void;
  setMenu(menu: MenuNode[]): void;
  setPermission(permission: PermissionMap): void;
  setTags(tags: Tag[]): void;
  setLock(passwd: string, from?: string): void;
  clearLock(): void;
  setCollapse(collapsed: boolean): void;
  setLanguage(language: Language): void;
  setSideMenu(menu: MenuNode[] | null): void;
  setTheme(theme: string): void;
  setColour(colour: string): void;
}

export const initialSession: SessionData = {
  token: '',
  refreshToken: '',
  tokenStamp: 0,
  tenantId: '',
  tenantName: '',
  userInfo: null,
  permission: {},
  menu: [],
  tags: [],
  isLock: false,
  lockPasswd: '',
  lockFrom: '',
  isCollapse: false,
  sideMenu: null,
  theme: website.theme,
  colour: website.colour,
  language: 'zh',
};

const PERSISTED = Object.keys(initialSession) as (keyof SessionData)[];

/** Everything that must not survive a logout (spec §4); preferences (language, theme) stay. */
const signedOut: Partial<SessionData> = {
  token: '',
  refreshToken: '',
  tokenStamp: 0,
  tenantName: '',
  userInfo: null,
  permission: {},
  menu: [],
  sideMenu: null,
  tags: [],
  isLock: false,
  lockPasswd: '',
  lockFrom: '',
};

export const useSession = create<SessionData & SessionActions>()(
  persist(
    (set) => ({
      ...initialSession,
      setTokens(access, refresh) {
        tokenCookies.set(access, refresh);
        set({ token: access, refreshToken: refresh, tokenStamp: Date.now() });
      },
      login(user) {
        tokenCookies.set(user.access_token, user.refresh_token);
        set({
          token: user.access_token,
          refreshToken: user.refresh_token,
          tokenStamp: Date.now(),
          tenantId: user.tenant_id,
          tenantName: user.tenant_name,
          userInfo: user,
          tags: [],
          sideMenu: null,
          isLock: false,
          lockPasswd: '',
          lockFrom: '',
        });
      },
      logout() {
        tokenCookies.clear();
        set(signedOut);
      },
      setMenu: (menu) => set({ menu }),
      setPermission: (permission) => set({ permission }),
      setTags: (tags) => set({ tags }),
      setLock: (lockPasswd, lockFrom = '') => set({ isLock: true, lockPasswd, lockFrom }),
      clearLock: () => set({ isLock: false, lockPasswd: '', lockFrom: '' }),
      setCollapse: (isCollapse) => set({ isCollapse }),
      setLanguage: (language) => set({ language }),
      setSideMenu: (sideMenu) => set({ sideMenu }),
      setTheme: (theme) => set({ theme }),
      setColour: (colour) => set({ colour }),
    }),
    {
      name: website.key,
      storage: prefixedStorage<SessionData>(PERSISTED),
      partialize: (s): SessionData => Object.fromEntries(PERSISTED.map((k) => [k, s[k]])) as unknown as SessionData,
    },
  ),
);

/** Plain read for non-React code. */
export const session = (): SessionData & SessionActions => useSession.getState();
