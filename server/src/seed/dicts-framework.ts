import type { DictCode } from '@zoo/contract';
import type { DictSeed } from './dicts';

/** The admin framework's system dictionaries (contract §6): users, menus, scopes, storage, SMS, regions. */
export const FRAMEWORK_DICTS = {
  sex: {
    name: '性别',
    nameEn: 'Sex',
    items: [
      ['1', '男', 'Male'],
      ['2', '女', 'Female'],
      ['3', '未知', 'Unknown'],
    ],
  },
  notice: {
    name: '通知类型',
    nameEn: 'Notice type',
    items: [
      ['1', '发布通知', 'Announcement'],
      ['2', '批转通知', 'Approval and forwarding'],
      ['3', '转发通知', 'Forwarded notice'],
      ['4', '指示通知', 'Instruction'],
      ['5', '任免通知', 'Appointment and removal'],
      ['6', '事务通知', 'Routine notice'],
    ],
  },
  menu_category: {
    name: '菜单类型',
    nameEn: 'Menu type',
    items: [
      ['1', '菜单', 'Menu'],
      ['2', '按钮', 'Button'],
    ],
  },
  button_func: {
    name: '按钮功能',
    nameEn: 'Button function',
    items: [
      ['1', '工具栏', 'Toolbar'],
      ['2', '操作栏', 'Row actions'],
      ['3', '工具操作栏', 'Toolbar and row actions'],
    ],
  },
  yes_no: {
    name: '是否',
    nameEn: 'Yes/No',
    items: [
      ['1', '否', 'No'],
      ['2', '是', 'Yes'],
    ],
  },
  flow: {
    name: '流程类型',
    nameEn: 'Process type',
    items: [
      ['1', '请假流程', 'Leave', 'leave'],
      ['2', '报销流程', 'Expense claim', 'expense'],
      ['3', '存栏变动审批', 'Stock movement approval', 'stock'],
    ],
  },
  org_category: {
    name: '机构类型',
    nameEn: 'Organization type',
    items: [
      ['1', '公司', 'Company'],
      ['2', '部门', 'Department'],
      ['3', '小组', 'Team'],
    ],
  },
  data_scope_type: {
    name: '数据权限',
    nameEn: 'Data permission',
    items: [
      ['1', '全部可见', 'All'],
      ['2', '本人可见', 'Own records'],
      ['3', '所在机构可见', 'Own department'],
      ['4', '所在机构及子级可见', 'Own department and below'],
      ['5', '自定义', 'Custom'],
    ],
  },
  api_scope_type: {
    name: '接口权限',
    nameEn: 'API permission',
    items: [
      ['1', '系统接口', 'System API'],
      ['2', '业务接口', 'Business API'],
    ],
  },
  scope_category: {
    name: '权限类型',
    nameEn: 'Permission type',
    items: [
      ['1', '数据权限', 'Data permission'],
      ['2', '接口权限', 'API permission'],
    ],
  },
  oss: {
    name: '对象存储',
    nameEn: 'Object storage',
    items: [
      ['1', 'minio', 'MinIO'],
      ['2', '七牛云', 'Qiniu Cloud'],
      ['3', '阿里云', 'Alibaba Cloud'],
      ['4', '腾讯云', 'Tencent Cloud'],
      ['5', '本地存储', 'Local storage'],
    ],
  },
  sms: {
    name: '短信服务',
    nameEn: 'SMS service',
    items: [
      ['1', '云片', 'Yunpian'],
      ['2', '七牛云', 'Qiniu Cloud'],
      ['3', '阿里云', 'Alibaba Cloud'],
      ['4', '腾讯云', 'Tencent Cloud'],
      ['5', '日志输出', 'Log output'],
    ],
  },
  post_category: {
    name: '岗位类型',
    nameEn: 'Post category',
    items: [
      ['1', '高层', 'Senior'],
      ['2', '中层', 'Middle'],
      ['3', '基层', 'Junior'],
      ['4', '其他', 'Other'],
    ],
  },
  region: {
    name: '行政区划',
    nameEn: 'Administrative division',
    items: [
      ['0', '国家', 'Country'],
      ['1', '省份/直辖市', 'Province / municipality'],
      ['2', '地市', 'City'],
      ['3', '区县', 'County / district'],
      ['4', '乡镇', 'Township'],
      ['5', '村委', 'Village'],
    ],
  },
  user_type: {
    name: '用户平台',
    nameEn: 'User platform',
    items: [
      ['1', 'WEB', 'Web'],
      ['2', 'APP', 'App'],
      ['3', 'OTHER', 'Other'],
    ],
  },
} satisfies Partial<Record<DictCode, DictSeed>>;
