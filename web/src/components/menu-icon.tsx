import {
  ApartmentOutlined,
  AppstoreOutlined,
  BookOutlined,
  DeploymentUnitOutlined,
  FolderOutlined,
  HomeOutlined,
  MonitorOutlined,
  NotificationOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { namedIcons } from './named-icons';

/**
 * Saber-era menus carry iconfont class names in `source` ("iconfont iconicon_setting"); those map by
 * keyword onto a few antd icons, as the iconfont itself is not shipped.
 */
const RULES: [RegExp, ReactNode][] = [
  [/setting|system|config/i, <SettingOutlined />],
  [/user|principal|team|group|dept/i, <TeamOutlined />],
  [/safe|role|authority|scope|lock/i, <SafetyOutlined />],
  [/work|flow|process/i, <ApartmentOutlined />],
  [/monitor|log|chart|report/i, <MonitorOutlined />],
  [/tool|code|develop|datasource/i, <ToolOutlined />],
  [/resource|folder|oss|file|attach/i, <FolderOutlined />],
  [/notice|message|sms|desk/i, <NotificationOutlined />],
  [/dict|book|base|region/i, <BookOutlined />],
  [/zoo|animal|species|cage|park|population/i, <DeploymentUnitOutlined />],
  [/home|index|wel/i, <HomeOutlined />],
];

/** An antd icon named by `source`, else a keyword match, else the generic menu icon. */
export function menuIcon(source: string | undefined): ReactNode {
  const Named = source ? namedIcons[source.trim()] : undefined;
  if (Named) return <Named />;
  const match = source ? RULES.find(([re]) => re.test(source)) : undefined;
  return match ? match[1] : <AppstoreOutlined />;
}
