import Cookies from 'js-cookie';

/** Saber keeps both tokens in cookies as well as in storage (contract §8.11). */
const ACCESS = 'saber-access-token';
const REFRESH = 'saber-refresh-token';

export const tokenCookies = {
  set(access: string, refresh: string): void {
    Cookies.set(ACCESS, access);
    Cookies.set(REFRESH, refresh);
  },
  clear(): void {
    Cookies.remove(ACCESS);
    Cookies.remove(REFRESH);
  },
  access: (): string | undefined => Cookies.get(ACCESS),
};
