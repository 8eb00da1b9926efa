/**
 * The full menu tree of the product (framework and zoo), with button codes. Paths are absolute and equal the
 * web page registry's keys; screens that arrive in later issues already have their menu here. The seed writes it
 * to the database; its button codes are the `Permission` type every `can()` and `{ perm }` is checked against.
 */
export type ButtonSeed = readonly [verb: string, name: string, action: number];
export interface MenuSeed {
  readonly code: string;
  readonly name: string;
  readonly path: string;
  readonly source?: string;
  /** Buttons: `true` = the CRUD four (add/edit/delete/view); extra [verb, name, action] follow. */
  readonly crud?: boolean;
  readonly buttons?: readonly ButtonSeed[];
  readonly children?: readonly MenuSeed[];
  readonly isOpen?: number;
}

interface More<Crud extends boolean, B extends readonly ButtonSeed[]> {
  crud?: Crud;
  buttons?: B;
  isOpen?: number;
}

/** A menu page; literal types are kept so that `Permission` can be derived from the tree. */
const m = <const C extends string, const B extends readonly ButtonSeed[] = [], const Crud extends boolean = true>(
  code: C,
  name: string,
  path: string,
  source: string,
  more: More<Crud, B> = {},
) => ({
  code,
  name,
  path,
  source,
  crud: (more.crud ?? true) as Crud,
  buttons: (more.buttons ?? []) as unknown as B,
  ...(more.isOpen === undefined ? {} : { isOpen: more.isOpen }),
});

// `children` is not typed as MenuSeed[] here: that context would widen the pages' inferred `crud` to boolean.
const group = <const C extends string, const K extends readonly unknown[]>(code: C, name: string, path: string, source: string, children: K) => ({
  code,
  name,
  path,
  source,
  children,
});

export const CRUD_BUTTONS = [
  ['add', '新增', 1],
  ['edit', '修改', 2],
  ['delete', '删除', 3],
  ['view', '查看', 2],
] as const satisfies readonly ButtonSeed[];

type CrudVerb = (typeof CRUD_BUTTONS)[number][0];
type VerbsOf<M> =
  | (M extends { crud: true } ? CrudVerb : never)
  | (M extends { buttons: readonly (infer B)[] } ? (B extends readonly [infer V extends string, ...unknown[]] ? V : never) : never);
type CodesOf<M> =
  (M extends { code: infer C extends string } ? `${C}_${VerbsOf<M>}` : never) | (M extends { children: readonly (infer K)[] } ? CodesOf<K> : never);

type MenuCodesOf<M> = (M extends { code: infer C extends string } ? C : never) | (M extends { children: readonly (infer K)[] } ? MenuCodesOf<K> : never);

/** Every menu code of the product. */
export type MenuCode = MenuCodesOf<(typeof MENU_TREE)[number]>;
/** Every permission a role can be granted: a menu code (the page) or a button code `<menu code>_<verb>`. */
export type Permission = MenuCode | CodesOf<(typeof MENU_TREE)[number]>;

/** The button codes of a menu tree, as the seed writes them. */
export function buttonCodes(items: readonly MenuSeed[]): string[] {
  return items.flatMap((it) => [
    ...[...(it.crud ? CRUD_BUTTONS : []), ...(it.buttons ?? [])].map(([verb]) => `${it.code}_${verb}`),
    ...buttonCodes(it.children ?? []),
  ]);
}

export const MENU_TREE = [
  group('desk', '工作台', '/desk', 'DesktopOutlined', [m('notice', '通知公告', '/desk/notice', 'NotificationOutlined')]),
  group('zoo', '动物园管理', '/zoo', 'BankOutlined', [
    m('park', '园区管理', '/zoo/park', 'EnvironmentOutlined'),
    m('venue', '场馆管理', '/zoo/venue', 'HomeOutlined', { buttons: [['contacts', '联系人', 2]] }),
    m('cage', '笼舍管理', '/zoo/cage', 'AppstoreOutlined', {
      buttons: [
        ['breeder', '饲养员', 2],
        ['monitor', '监控', 2],
        ['humiture', '温湿度', 2],
      ],
    }),
    m('zoo_species', '物种管理', '/zoo/species', 'BugOutlined', { buttons: [['dist', '分布', 2]] }),
    m('animal', '个体管理', '/zoo/animal', 'GithubOutlined', {
      buttons: [
        ['flag', '标识', 2],
        ['breeder', '饲养员', 2],
        ['log', '饲养日志', 2],
      ],
    }),
    m('population', '种群管理', '/zoo/population', 'ClusterOutlined'),
    m('stocklog', '存栏变动', '/zoo/stocklog', 'SwapOutlined', {
      buttons: [
        ['born', '出生登记', 1],
        ['import', '引进登记', 1],
        ['export', '输出登记', 1],
        ['move', '转移登记', 1],
        ['die', '死亡登记', 1],
        ['cancel', '注销登记', 1],
      ],
    }),
    // Permits (decision 0040): the zoo's licences, transport certificates and CITES documents as records.
    m('permit', '许可证管理', '/zoo/permit', 'SafetyCertificateOutlined', { buttons: [['report', '合规报表', 2]] }),
    m('transfer', '转移记录', '/zoo/transfer', 'RetweetOutlined', { buttons: [['confirm', '确认', 2]] }),
    m('studbook', '谱系管理', '/zoo/studbook', 'ApartmentOutlined', {
      crud: false,
      buttons: [
        ['snapshot', '记录快照', 1],
        ['export', '导出', 1],
      ],
    }),
    m('basiclog', '饲养日志', '/zoo/basiclog', 'ScheduleOutlined'),
    // Diet plans and intake (decision 0046): its own group, so the 饲养日志 holders need not see prices.
    group('diet', '饲喂管理', '/zoo/diet', 'CoffeeOutlined', [
      m('diet_plan', '饲喂计划', '/zoo/diet/plan', 'ProfileOutlined'),
      m('diet_intake', '采食统计', '/zoo/diet/intake', 'BarChartOutlined', { crud: false }),
    ]),
    m('humiture_alarm', '环境告警', '/zoo/alarm', 'FileExclamationOutlined', { crud: false, buttons: [['ack', '确认', 2]] }),
    m('stock_report', '存栏报表', '/zoo/report', 'BarChartOutlined', { crud: false, buttons: [['export', '导出', 1]] }),
    m('feedback', '意见反馈', '/zoo/feedback', 'MessageOutlined'),
    // Data quality (decision 0047): the checks' board and its on-demand run.
    m('quality', '数据质量', '/zoo/quality', 'AuditOutlined', { crud: false, buttons: [['run', '立即检查', 1]] }),
    // Veterinary care (decision 0038): its own group, so that a role holds the medical records or does not.
    group('vet', '兽医管理', '/zoo/vet', 'MedicineBoxOutlined', [
      m('vet_case', '病例管理', '/zoo/vet/case', 'SolutionOutlined'),
      m('vet_treatment', '治疗处方', '/zoo/vet/treatment', 'MedicineBoxOutlined'),
      m('vet_weight', '体重记录', '/zoo/vet/weight', 'LineChartOutlined'),
      m('vet_lab', '检验结果', '/zoo/vet/lab', 'ExperimentOutlined'),
      m('vet_anaesthesia', '麻醉记录', '/zoo/vet/anaesthesia', 'AimOutlined'),
      m('vet_vaccination', '疫苗驱虫', '/zoo/vet/vaccination', 'SafetyOutlined'),
      m('vet_drug', '药品目录', '/zoo/vet/drug', 'MedicineBoxOutlined'),
      m('vet_quarantine', '隔离检疫', '/zoo/vet/quarantine', 'SafetyCertificateOutlined', { buttons: [['release', '解除隔离', 2]] }),
      m('vet_necropsy', '尸体剖检', '/zoo/vet/necropsy', 'FileSearchOutlined'),
      m('vet_home', '兽医工作台', '/zoo/vet/home', 'DashboardOutlined', { crud: false, buttons: [['view', '查看', 2]] }),
      m('vet_administration', '给药执行', '/zoo/vet/administration', 'CheckSquareOutlined'),
      m('vet_group_treatment', '群体治疗', '/zoo/vet/group-treatment', 'TeamOutlined'),
      m('vet_weight_ref', '参考生长曲线', '/zoo/vet/weight-ref', 'RiseOutlined'),
      m('vet_lab_ref', '检验参考区间', '/zoo/vet/lab-ref', 'ProfileOutlined'),
    ]),
    // Reproduction (decision 0042): oestrus, breeding events, the semen bank and the season board.
    group('breed', '繁殖管理', '/zoo/breeding', 'HeartOutlined', [
      m('breed_season', '繁殖季看板', '/zoo/breeding/season', 'CalendarOutlined', { crud: false }),
      m('breed_oestrus', '发情观察', '/zoo/breeding/oestrus', 'LineChartOutlined'),
      m('breed_event', '配种记录', '/zoo/breeding/event', 'HeartOutlined'),
      m('breed_semen', '基因资源库', '/zoo/breeding/semen', 'ExperimentOutlined'),
      m('breed_pregnancy', '妊娠诊断', '/zoo/breeding/pregnancy', 'FileSearchOutlined'),
      m('breed_litter', '产仔与育幼', '/zoo/breeding/litter', 'SmileOutlined'),
      m('breed_cub_log', '育幼记录', '/zoo/breeding/cub-log', 'ScheduleOutlined'),
      m('breed_contra', '避孕管理', '/zoo/breeding/contraception', 'StopOutlined'),
      m('breed_calendar', '繁殖日历', '/zoo/breeding/calendar', 'CalendarOutlined', { crud: false }),
    ]),
  ]),
  group('zoo_admin', '平台物种库', '/zoo/admin', 'GlobalOutlined', [
    m('species', '物种库', '/zoo/admin/species', 'ReadOutlined', { buttons: [['dist', '分布', 2]] }),
    m('taxonomy', '分类阶元', '/zoo/admin/taxonomy', 'PartitionOutlined'),
    m('zoo_tenant', '动物园授权', '/zoo/admin/zoo', 'SafetyCertificateOutlined', {
      crud: false,
      buttons: [
        ['authspecies', '授权物种', 2],
        ['view', '查看', 2],
      ],
    }),
  ]),
  group('work', '流程事务', '/work', 'AuditOutlined', [
    m('work_start', '发起事务', '/work/start', 'SendOutlined', { crud: false }),
    m('work_claim', '待签事务', '/work/claim', 'InboxOutlined', { crud: false }),
    m('work_todo', '待办事务', '/work/todo', 'CarryOutOutlined', { crud: false }),
    m('work_send', '已发事务', '/work/send', 'ExportOutlined', { crud: false }),
    m('work_done', '办结事务', '/work/done', 'CheckSquareOutlined', { crud: false }),
  ]),
  group('system', '系统管理', '/system', 'SettingOutlined', [
    m('user', '用户管理', '/system/user', 'UserOutlined', {
      buttons: [
        ['reset', '重置密码', 1],
        ['role', '角色配置', 1],
        ['unlock', '账号解封', 1],
        ['import', '导入', 1],
        ['export', '导出', 1],
        ['platform', '平台配置', 1],
      ],
    }),
    m('dept', '部门管理', '/system/dept', 'ApartmentOutlined'),
    m('post', '岗位管理', '/system/post', 'IdcardOutlined'),
    m('dict', '系统字典', '/system/dict', 'BookOutlined'),
    m('dictbiz', '业务字典', '/system/dictbiz', 'ProfileOutlined'),
    m('menu', '菜单管理', '/system/menu', 'MenuOutlined'),
    m('topmenu', '顶部菜单', '/system/topmenu', 'LayoutOutlined', { buttons: [['setting', '菜单配置', 2]] }),
    m('param', '参数管理', '/system/param', 'ControlOutlined'),
    m('tenant', '租户管理', '/system/tenant', 'TeamOutlined', {
      buttons: [
        ['setting', '授权配置', 1],
        ['datasource', '数据源', 1],
        ['package_setting', '产品包配置', 2],
        ['copy', '复制租户', 1],
      ],
    }),
    m('tenant_package', '租户产品包', '/system/tenantpackage', 'GiftOutlined'),
    m('client', '应用管理', '/system/client', 'AppstoreAddOutlined'),
    m('identity_provider', '身份源', '/system/identity-provider', 'LoginOutlined'),
  ]),
  group('authority', '权限管理', '/authority', 'SafetyOutlined', [
    m('role', '角色管理', '/authority/role', 'UsergroupAddOutlined', { buttons: [['grant', '权限设置', 2]] }),
    m('data_scope', '数据权限', '/authority/datascope', 'DatabaseOutlined', { buttons: [['setting', '权限配置', 2]] }),
    m('api_scope', '接口权限', '/authority/apiscope', 'ApiOutlined', { buttons: [['setting', '权限配置', 2]] }),
  ]),
  group('monitor', '系统监控', '/monitor', 'FundOutlined', [
    group('log', '日志管理', '/monitor/log', 'FileTextOutlined', [
      m('log_usual', '通用日志', '/monitor/log/usual', 'FileOutlined', { crud: false, buttons: [['view', '查看', 2]] }),
      m('log_api', '接口日志', '/monitor/log/api', 'FileSearchOutlined', { crud: false, buttons: [['view', '查看', 2]] }),
      m('log_error', '错误日志', '/monitor/log/error', 'FileExclamationOutlined', { crud: false, buttons: [['view', '查看', 2]] }),
    ]),
    m('audit', '审计日志', '/monitor/audit', 'AuditOutlined', {
      crud: false,
      buttons: [
        ['view', '查看', 2],
        ['export', '导出', 1],
      ],
    }),
    // The platform's alone (its routes refuse other tenants whatever their roles hold).
    m('partition_archive', '分区归档', '/monitor/partition-archive', 'InboxOutlined', { crud: false, buttons: [['download', '下载', 2]] }),
  ]),
  group('tool', '研发工具', '/tool', 'ToolOutlined', [
    m('code', '代码生成', '/tool/code', 'CodeOutlined', {
      buttons: [
        ['gen', '代码生成', 1],
        ['copy', '复制', 2],
      ],
    }),
    m('datasource', '数据源管理', '/tool/datasource', 'HddOutlined'),
    m('model', '数据模型', '/tool/model', 'TableOutlined', { buttons: [['prototype', '模型配置', 2]] }),
  ]),
  group('flow', '流程管理', '/flow', 'ForkOutlined', [
    m('flow_model', '模型管理', '/flow/model', 'NodeIndexOutlined', {
      buttons: [
        ['deploy', '部署', 2],
        ['design', '设计', 2],
      ],
    }),
    m('flow_deploy', '流程部署', '/flow/deploy', 'CloudUploadOutlined', { crud: false }),
    m('flow_manager', '流程管理', '/flow/manager', 'ClusterOutlined', {
      crud: false,
      buttons: [
        ['state', '变更状态', 2],
        ['delete', '删除', 2],
      ],
    }),
    m('flow_follow', '流程跟踪', '/flow/follow', 'EyeOutlined', {
      crud: false,
      buttons: [
        ['delete', '删除', 2],
        ['retry', '重试', 2],
      ],
    }),
  ]),
  group('resource', '资源管理', '/resource', 'CloudOutlined', [
    m('oss', '对象存储', '/resource/oss', 'CloudServerOutlined', {
      buttons: [
        ['enable', '启用', 2],
        ['debug', '调试', 2],
      ],
    }),
    m('attach', '附件管理', '/resource/attach', 'PaperClipOutlined', {
      buttons: [
        ['upload', '上传', 1],
        ['download', '下载', 2],
      ],
    }),
    m('sms', '短信配置', '/resource/sms', 'MessageOutlined', {
      buttons: [
        ['enable', '启用', 2],
        ['debug', '调试', 2],
      ],
    }),
  ]),
  group('base', '基础配置', '/base', 'ProjectOutlined', [
    m('region', '行政区划', '/base/region', 'AimOutlined', {
      buttons: [
        ['import', '导入', 1],
        ['export', '导出', 1],
      ],
    }),
  ]),
  group('report', '报表管理', '/report', 'AreaChartOutlined', [
    m('report_list', '报表列表', '/report/reportlist', 'UnorderedListOutlined', { buttons: [['export', '导出', 2]] }),
  ]),
] as const;
/**
 * Menus whose calls answer the platform tenant alone, whatever a tenant role holds (their routes are
 * `platformOnly`): a tenant's default grants (`tenant.default.menuCode`, whose `monitor` group holds them) and the
 * demo roles leave them and their buttons out, so no zoo is shown a screen that would refuse it.
 */
export const PLATFORM_ONLY_MENUS: readonly MenuCode[] = ['partition_archive'];

// Checked apart from the literal: a `satisfies` on the tree would widen the inferred codes and verbs.
const _shape: readonly MenuSeed[] = MENU_TREE;
void _shape;
