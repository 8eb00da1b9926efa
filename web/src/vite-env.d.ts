/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  /** 'off' switches the login to the password grant; anything else keeps the captcha grant. */
  readonly VITE_CAPTCHA_MODE?: string;
  /** 'on' enables the department/role switch (website.switchMode). */
  readonly VITE_SWITCH_MODE?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
