import type { I18nBundle } from '../lib/i18n';
import { paramI18n } from '../features/system/param/param.i18n';

/** Every feature's labels, registered from this one list (features never register themselves). */
export const featureBundles: readonly I18nBundle[] = [paramI18n];
