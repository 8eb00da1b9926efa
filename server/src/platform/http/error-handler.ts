import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { BizError, OAuthError } from './errors';
import { err as envelopeErr } from './envelope';
import { requestLanguage } from '../i18n/request-language';
import { localizeMessage } from '../i18n/messages';
import { recordError } from '../log/error-log';

const ANONYMOUS_ERRORS_PER_MINUTE = 10;

interface Issue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[] } };
}

/** Messages that do not say which field they are about; the field name is added to them. */
const GENERIC = /^(请求参数类型错误|ID格式不正确|缺少必要的请求参数|参数校验失败|无效|输入无效|数值过|字符串|数组|未知|期望|Invalid|Expected)/;

/** Contract messages (e.g. '请输入参数名称') go out verbatim; generic ones are prefixed with the field. */
function validationMessage(issues: Issue[]): string {
  const first = issues[0];
  if (!first) return '参数校验失败';
  const field = (first.params?.issue?.path ?? []).map(String).join('.') || (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const msg = first.message ?? '参数校验失败';
  return GENERIC.test(msg) && field && !msg.includes(field) ? `参数 ${field}: ${msg}` : msg;
}

/**
 * PostgreSQL's data exceptions a request's values can cause (bad number or date text, out of range, U+0000, too
 * long). The schema layer refuses these values first; this is the backstop that keeps a value it missed a 400 and
 * out of the error log — the message never carries the SQL.
 */
const DATA_EXCEPTIONS = new Set(['22P02', '22003', '22008', '22007', '22021', '22P05', '22001', '22025', '2201B']);
const pgCode = (e: unknown) => (e as { code?: string })?.code ?? (e as { cause?: { code?: string } })?.cause?.code;

const pgUniqueViolation = (e: unknown) =>
  (e as { code?: string; cause?: { code?: string } })?.code === '23505' || (e as { cause?: { code?: string } })?.cause?.code === '23505';

/** Libraries' own 4xx texts are English ("Forbidden", "Range Not Satisfiable"): users read Chinese ones. */
const STATUS_ZH: Record<number, string> = {
  400: '请求无效',
  401: '请求未授权',
  403: '禁止访问',
  404: '未找到请求的资源',
  405: '不支持的请求方法',
  406: '无法提供请求的格式',
  408: '请求超时',
  409: '请求冲突,请刷新后重试',
  411: '缺少请求长度',
  412: '请求的前提条件不成立',
  414: '请求地址过长',
  416: '请求的范围无效',
  429: '请求过于频繁,请稍后再试',
};
const clientMessage = (e: FastifyError) => (/[\u4e00-\u9fff]/.test(e.message) ? e.message : (STATUS_ZH[e.statusCode!] ?? '请求无效'));

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (e: FastifyError, req: FastifyRequest, reply) => {
    // Every refusal leaves through here: its message in the request's language (decision 0049).
    const lang = requestLanguage(req);
    const err = (code: number, msg: string) => envelopeErr(code, localizeMessage(msg, lang));
    if (e instanceof OAuthError) return reply.code(e.status).send({ error: e.error, error_description: localizeMessage(e.description, lang) });
    if (e instanceof BizError) {
      const code: number = (e as BizError).code;
      // The gateway's 401 bodies carry no `success` field (contract §1.3).
      if (code === 401)
        return reply
          .code(401)
          .type('application/json; charset=utf-8')
          .send(JSON.stringify({ code: 401, msg: localizeMessage(e.message, lang), data: null }));
      return reply.code(code).send(err(code, e.message));
    }
    if (hasZodFastifySchemaValidationErrors(e)) return reply.code(400).send(err(400, validationMessage(e.validation as Issue[])));
    if (e.validation) return reply.code(400).send(err(400, '参数校验失败'));
    if (e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || e.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (e.statusCode === 400 && e.code?.startsWith('FST_ERR_CTP')))
      return reply.code(400).send(err(400, '请求参数类型错误'));
    if (e.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send(err(415, '不支持的请求类型'));
    if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || e.statusCode === 413) return reply.code(413).send(err(413, '请求体过大'));
    if (pgUniqueViolation(e)) return reply.code(400).send(err(400, '数据已存在,请勿重复提交'));
    if (DATA_EXCEPTIONS.has(pgCode(e) ?? '')) {
      req.log.warn({ err: e }, 'request value refused by the database (a schema should have caught it)');
      return reply.code(400).send(err(400, '请求参数格式不正确或超出范围'));
    }
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) return reply.code(e.statusCode).send(err(e.statusCode, clientMessage(e)));
    const id = randomUUID();
    req.log.error({ err: e, errorId: id, serialization: isResponseSerializationError(e) }, 'unhandled error');
    // An anonymous caller must not be able to fill the error log: at most a few rows per client and minute.
    const record = async () => req.session || !(await app.zoo.limiter.over('error-log', req.ip, ANONYMOUS_ERRORS_PER_MINUTE, 1));
    if (await record().catch(() => false)) await recordError(app, req, e, id).catch((x) => req.log.error({ err: x }, 'error log write failed'));
    return reply.code(500).send(err(500, `服务器异常,请联系管理员 (错误编号 ${id})`));
  });
}
