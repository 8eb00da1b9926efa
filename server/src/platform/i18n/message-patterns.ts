import { FIELDS_EN } from './field-names-en';

/** A field name in English, or undefined when the glossary lacks it (the message then stays Chinese). */
const field = (zh: string): string | undefined => FIELDS_EN[zh];
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type Rule = [RegExp, (m: RegExpMatchArray, again: (msg: string) => string | undefined) => string | undefined];

/**
 * The contract's field builders (contract/src/fields.ts) and the error handler's field prefix produce these
 * shapes; each names a field, translated through FIELDS_EN.
 */
export const PATTERNS: readonly Rule[] = [
  [/^请输入(.+)$/, (m) => (field(m[1]!) ? `Please enter the ${field(m[1]!)}` : undefined)],
  [/^请选择(.+)$/, (m) => (field(m[1]!) ? `Please select the ${field(m[1]!)}` : undefined)],
  [/^(.+)不能超过(\d+)个字符$/, (m) => (field(m[1]!) ? `${cap(field(m[1]!)!)} must be at most ${m[2]} characters` : undefined)],
  [/^(.+)必须是数字$/, (m) => (field(m[1]!) ? `${cap(field(m[1]!)!)} must be a number` : undefined)],
  [/^(.+)必须是整数$/, (m) => (field(m[1]!) ? `${cap(field(m[1]!)!)} must be an integer` : undefined)],
  [/^(.+)不能小于(-?[\d.]+)$/, (m) => (field(m[1]!) ? `${cap(field(m[1]!)!)} must be at least ${m[2]}` : undefined)],
  [/^(.+)不能大于(-?[\d.]+)$/, (m) => (field(m[1]!) ? `${cap(field(m[1]!)!)} must be at most ${m[2]}` : undefined)],
  [/^(.+)格式应为 yyyy-MM-dd$/, (m) => (field(m[1]!) ? `${cap(field(m[1]!)!)} must be a date (yyyy-MM-dd)` : undefined)],
  [/^(.+)ID格式不正确$/, (m) => (field(m[1]!) ? `Invalid ${field(m[1]!)} id` : undefined)],
  [/^(.+)不能晚于今天$/, (m) => (field(m[1]!) ? `${cap(field(m[1]!)!)} cannot be later than today` : undefined)],
  [/^(.+)不能为空$/, (m) => (field(m[1]!) ? `${cap(field(m[1]!)!)} is required` : undefined)],
  [/^缺少必要的请求参数: ?(.+)$/, (m) => `Missing required parameter: ${m[1]}`],
  // The error handler's prefix for messages that do not name their field.
  [/^参数 ([\w.[\]]+): (.+)$/, (m, again) => `Parameter ${m[1]}: ${again(m[2]!) ?? 'invalid value'}`],
  [/^服务器异常,请联系管理员 \(错误编号 ([\w-]+)\)$/, (m) => `Server error; contact the administrator (error ${m[1]})`],
  [/^租户编号 \[(.+)\] 不存在$/, (m) => `Tenant ${m[1]} does not exist`],
  [/^租户 (.+) 不存在$/, (m) => `Tenant ${m[1]} does not exist`],
  [/^物种不存在: (.+)$/, (m) => `Species not found: ${m[1]}`],
  [/^导入数据过多,单次最多 (\d+) 行$/, (m) => `Too many rows: at most ${m[1]} per import`],
  [/^导入文件缺少列: (.+)$/, (m) => `The import file lacks columns: ${m[1]}`],
  [/^客户端未被授权使用该授权类型: (.+)$/, (m) => `The client may not use the grant type ${m[1]}`],
];
