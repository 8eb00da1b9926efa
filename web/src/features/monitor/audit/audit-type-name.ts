import { i18n, t } from '../../../lib/i18n';

/**
 * The audited data's type: the server names it by its resource's Chinese title; an English screen shows the
 * English name of the menu of that resource (most resources are named like their menu), or of the resource where
 * it has no menu of its own (identifiers, attachments: edited inside another screen), else the title.
 */
export const auditTypeName = (resource: string, title: string): string =>
  i18n.language === 'zh' || !resource ? title : t(`audit.resource.${resource}`, { defaultValue: t(`menuName.${resource}`, { defaultValue: title }) });
