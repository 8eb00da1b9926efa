import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIELDS_EN } from './field-names-en';
import { localizeMessage } from './messages';
import { FIELD_SAMPLE, thrownMessages } from '../../../test/thrown-messages';

/**
 * Every message the code answers has its English (decision 0049): a module that adds a Chinese message adds its
 * English to the catalogue (messages-en.ts, message-templates-en.ts) and its fields to the glossary.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CJK = /[\u3400-\u9fff]/;
const { messages, labels } = thrownMessages(ROOT);

/**
 * Samples the walk builds wrongly, each checked by hand: a part named like a field that holds data (the custom
 * rule's value, a parameter's name), a field's name that holds a verb or comes from another file, a branch the code
 * never throws (no protection class). Their real shapes are in the catalogue.
 */
const MISSAMPLED = new Set([
  '12(第 12 行第 12 列): 12,位于 12', // FLOW_MSG.badXml: 'BPMN 文件格式不正确({msgAt}): …'
  '12不能晚于今天', // '{field}不能晚于今天'
  '物种「12」为保护野生动物,物种须选择在 12 有效、覆盖该物种12只的野生动物运输证明', // only thrown with a class
  '自定义规则的值 物种 应为数字', // the value typed, copied
  '自定义规则的值 物种 应为 yyyy-MM-dd HH:mm:ss',
  '12物种', // `${verb}${label}`: '请输入{field}', '请选择{field}'
  '缺少必要的请求参数: 物种', // a parameter name, copied
  '所选12不存在', // `所选${owner.title}不存在`: '所选{field}不存在'
  '父本12', // `父本${reason}`: '{field}为 MULT,…', '{field}“{v}”不是谱系号,…'
  '母本12',
]);

describe('the message catalogue covers the code', () => {
  it('finds the messages (the walk itself works)', () => {
    expect(messages.length).toBeGreaterThan(800);
    expect(labels.length).toBeGreaterThan(250);
    expect(messages.map((m) => m.text)).toEqual(expect.arrayContaining(['数据不存在或已被删除', '个体不存在']));
    expect(FIELDS_EN[FIELD_SAMPLE]).toBeDefined();
  });

  it('every thrown or contract message is English in an English request', () => {
    // A bare glossary word is a field a helper names in its own message (`refuseFuture(day, '给药日期')`).
    const left = messages.filter((m) => CJK.test(localizeMessage(m.text, 'en')) && !MISSAMPLED.has(m.text) && FIELDS_EN[m.text] === undefined);
    expect(left.map((m) => `${m.file}: ${m.text}`)).toEqual([]);
  });

  it('every field the contract’s builders name is in the glossary', () => {
    expect(labels.filter((l) => FIELDS_EN[l.text] === undefined).map((l) => `${l.file}: ${l.text}`)).toEqual([]);
  });

  it('the hand-checked samples are still what the walk finds', () => {
    const texts = new Set(messages.map((m) => m.text));
    expect([...MISSAMPLED].filter((t) => !texts.has(t))).toEqual([]);
  });
});

describe('templates', () => {
  it('copy values, translate fields through the glossary, and stay Chinese for an unknown field', () => {
    expect(localizeMessage('笼舍「C-01」中还有种群,请先转移或删除种群后再删除笼舍', 'en')).toBe(
      'The enclosure "C-01" still holds groups; move or delete them before deleting the enclosure',
    );
    expect(localizeMessage('配种日期不能晚于今天', 'en')).toBe('Mating date cannot be later than today');
    expect(localizeMessage('雄性个体不能登记产仔记录', 'en')).toBe('No litter record can be recorded for a male');
    expect(localizeMessage('某未知字段不能晚于今天', 'en')).toBe('某未知字段不能晚于今天');
    expect(localizeMessage('参数 body.x: 请输入物种', 'en')).toBe('Parameter body.x: Please enter the species');
    expect(localizeMessage('角色 [饲养员] 不存在', 'en')).toBe('Role 饲养员 does not exist');
    // A number part matches digits only, so the field before it is whole.
    expect(localizeMessage('许可证「P-1」的物种「大熊猫」仅剩2只,本次输出3只', 'en')).toBe(
      'Only 2 of "大熊猫" remain on the permit "P-1"; this disposition is of 3',
    );
    expect(localizeMessage('BPMN 文件格式不正确(第 3 行第 7 列): bad tag,位于 <x>', 'en')).toBe('Malformed BPMN file (line 3, column 7): bad tag, at <x>');
  });
});
