/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'off' switches the login to the password grant; anything else keeps the captcha grant. */
  readonly VITE_CAPTCHA_MODE?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
