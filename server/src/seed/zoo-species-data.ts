/**
 * The starter species list for Chinese zoos (docs: /work/shared/design/domain.md §4), 46 rows. Columns:
 * no, 中文名, Latin name, class, order, family, national class ("*" = aquatic, fisheries authority), CITES
 * appendix, IUCN category, IUCN year, confidence (✓ → verified, ~ → unverified), list remark, management mode.
 * Values marked ~ come from background knowledge and must be checked against the official 2021 list, the CITES
 * appendices and the IUCN Red List before production use — the UI shows the flag and the note.
 */
export type StarterRow = [
  no: number, cn: string, latin: string, cls: string, order: string, family: string,
  national: 'I' | 'II' | 'I*' | 'II*', cites: 'I' | 'II' | 'III' | 'none', iucn: string, iucnYear: number | null,
  conf: '✓' | '~', remark: string, mode?: 1 | 2,
];

export const STARTER_SPECIES: StarterRow[] = [
  [1, '大熊猫', 'Ailuropoda melanoleuca', 'Mammalia', 'Carnivora', 'Ursidae', 'I', 'I', 'VU', 2016, '✓', '部分中文名录将其置于大熊猫科 Ailuropodidae'],
  [2, '小熊猫', 'Ailurus fulgens', 'Mammalia', 'Carnivora', 'Ailuridae', 'II', 'I', 'EN', 2015, '✓', '中国种群常被拆分为 Ailurus styani'],
  [3, '川金丝猴', 'Rhinopithecus roxellana', 'Mammalia', 'Primates', 'Cercopithecidae', 'I', 'I', 'EN', null, '~', ''],
  [4, '滇金丝猴', 'Rhinopithecus bieti', 'Mammalia', 'Primates', 'Cercopithecidae', 'I', 'I', 'EN', null, '~', ''],
  [5, '黔金丝猴', 'Rhinopithecus brelichi', 'Mammalia', 'Primates', 'Cercopithecidae', 'I', 'I', 'CR', null, '✓', '约2022年升为CR(2008年为EN)'],
  [6, '海南长臂猿', 'Nomascus hainanus', 'Mammalia', 'Primates', 'Hylobatidae', 'I', 'I', 'CR', null, '~', ''],
  [7, '西黑冠长臂猿', 'Nomascus concolor', 'Mammalia', 'Primates', 'Hylobatidae', 'I', 'I', 'CR', null, '~', ''],
  [8, '北白颊长臂猿', 'Nomascus leucogenys', 'Mammalia', 'Primates', 'Hylobatidae', 'I', 'I', 'CR', null, '~', ''],
  [9, '猕猴', 'Macaca mulatta', 'Mammalia', 'Primates', 'Cercopithecidae', 'II', 'II', 'LC', null, '~', '', 2],
  [10, '东北虎', 'Panthera tigris altaica', 'Mammalia', 'Carnivora', 'Felidae', 'I', 'I', 'EN', null, '~', 'IUCN等级为虎(种)的评估'],
  [11, '华南虎', 'Panthera tigris amoyensis', 'Mammalia', 'Carnivora', 'Felidae', 'I', 'I', 'EN', null, '~', 'IUCN等级为虎(种)的评估;该亚种野外可能已灭绝'],
  [12, '雪豹', 'Panthera uncia', 'Mammalia', 'Carnivora', 'Felidae', 'I', 'I', 'VU', 2017, '~', ''],
  [13, '豹', 'Panthera pardus', 'Mammalia', 'Carnivora', 'Felidae', 'I', 'I', 'VU', null, '~', '含华北豹等亚种'],
  [14, '云豹', 'Neofelis nebulosa', 'Mammalia', 'Carnivora', 'Felidae', 'I', 'I', 'VU', null, '~', ''],
  [15, '金猫', 'Catopuma temminckii', 'Mammalia', 'Carnivora', 'Felidae', 'I', 'I', 'NT', null, '~', '2021年升为一级(待核对)'],
  [16, '豺', 'Cuon alpinus', 'Mammalia', 'Carnivora', 'Canidae', 'I', 'II', 'EN', null, '✓', '2021年由二级升为一级'],
  [17, '狼', 'Canis lupus', 'Mammalia', 'Carnivora', 'Canidae', 'II', 'II', 'LC', null, '✓', '2021年新增为二级;CITES部分种群列入附录I'],
  [18, '亚洲黑熊', 'Ursus thibetanus', 'Mammalia', 'Carnivora', 'Ursidae', 'II', 'I', 'VU', null, '~', ''],
  [19, '马来熊', 'Helarctos malayanus', 'Mammalia', 'Carnivora', 'Ursidae', 'I', 'I', 'VU', null, '~', ''],
  [20, '水獭', 'Lutra lutra', 'Mammalia', 'Carnivora', 'Mustelidae', 'II', 'I', 'NT', null, '~', ''],
  [21, '中华穿山甲', 'Manis pentadactyla', 'Mammalia', 'Pholidota', 'Manidae', 'I', 'I', 'CR', null, '✓', '2020年升为一级'],
  [22, '亚洲象', 'Elephas maximus', 'Mammalia', 'Proboscidea', 'Elephantidae', 'I', 'I', 'EN', null, '~', ''],
  [23, '普氏野马', 'Equus ferus przewalskii', 'Mammalia', 'Perissodactyla', 'Equidae', 'I', 'I', 'EN', null, '~', ''],
  [24, '野骆驼', 'Camelus ferus', 'Mammalia', 'Artiodactyla', 'Camelidae', 'I', 'none', 'CR', null, '~', ''],
  [25, '麋鹿', 'Elaphurus davidianus', 'Mammalia', 'Artiodactyla', 'Cervidae', 'I', 'none', 'EW', null, '✓', 'CITES未列入(待核对)'],
  [26, '白唇鹿', 'Przewalskium albirostris', 'Mammalia', 'Artiodactyla', 'Cervidae', 'I', 'none', 'VU', null, '~', ''],
  [27, '梅花鹿', 'Cervus nippon', 'Mammalia', 'Artiodactyla', 'Cervidae', 'I', 'none', 'LC', null, '✓', '一级保护仅限野外种群;列入人工繁育名录(2017年第一批)', 2],
  [28, '藏羚', 'Pantholops hodgsonii', 'Mammalia', 'Artiodactyla', 'Bovidae', 'I', 'I', 'NT', 2016, '~', ''],
  [29, '羚牛', 'Budorcas taxicolor', 'Mammalia', 'Artiodactyla', 'Bovidae', 'I', 'II', 'VU', null, '~', ''],
  [30, '长江江豚', 'Neophocaena asiaeorientalis asiaeorientalis', 'Mammalia', 'Cetacea', 'Phocoenidae', 'I*', 'I', 'CR', 2013, '✓', '2021年由二级升为一级;IUCN为亚种评估'],
  [31, '中华白海豚', 'Sousa chinensis', 'Mammalia', 'Cetacea', 'Delphinidae', 'I*', 'I', 'VU', null, '~', ''],
  [32, '朱鹮', 'Nipponia nippon', 'Aves', 'Pelecaniformes', 'Threskiornithidae', 'I', 'I', 'EN', null, '~', ''],
  [33, '丹顶鹤', 'Grus japonensis', 'Aves', 'Gruiformes', 'Gruidae', 'I', 'I', 'VU', null, '✓', 'IUCN等级2020–21年审议下调'],
  [34, '黑颈鹤', 'Grus nigricollis', 'Aves', 'Gruiformes', 'Gruidae', 'I', 'I', 'NT', 2020, '✓', '2020年由VU降为NT'],
  [35, '白鹤', 'Leucogeranus leucogeranus', 'Aves', 'Gruiformes', 'Gruidae', 'I', 'I', 'CR', null, '~', ''],
  [36, '东方白鹳', 'Ciconia boyciana', 'Aves', 'Ciconiiformes', 'Ciconiidae', 'I', 'I', 'EN', null, '~', ''],
  [37, '褐马鸡', 'Crossoptilon mantchuricum', 'Aves', 'Galliformes', 'Phasianidae', 'I', 'I', 'VU', null, '~', ''],
  [38, '绿孔雀', 'Pavo muticus', 'Aves', 'Galliformes', 'Phasianidae', 'I', 'II', 'EN', null, '~', ''],
  [39, '白冠长尾雉', 'Syrmaticus reevesii', 'Aves', 'Galliformes', 'Phasianidae', 'I', 'II', 'VU', 2018, '✓', '2021年升为一级;CITES附录II据二手资料'],
  [40, '中华秋沙鸭', 'Mergus squamatus', 'Aves', 'Anseriformes', 'Anatidae', 'I', 'none', 'EN', null, '~', 'CITES未列入(待核对)'],
  [41, '金雕', 'Aquila chrysaetos', 'Aves', 'Accipitriformes', 'Accipitridae', 'I', 'II', 'LC', null, '~', ''],
  [42, '扬子鳄', 'Alligator sinensis', 'Reptilia', 'Crocodylia', 'Alligatoridae', 'I', 'I', 'CR', null, '✓', '', 2],
  [43, '鼋', 'Pelochelys cantorii', 'Reptilia', 'Testudines', 'Trionychidae', 'I*', 'II', 'CR', null, '~', ''],
  [44, '缅甸蟒', 'Python bivittatus', 'Reptilia', 'Squamata', 'Pythonidae', 'II', 'II', 'VU', null, '✓', '名录名称"蟒蛇";2021年由一级降为二级'],
  [45, '大鲵', 'Andrias davidianus', 'Amphibia', 'Caudata', 'Cryptobranchidae', 'II*', 'I', 'CR', null, '✓', '仅野外种群列入(待核对);近年被拆分为多个种(待核对)'],
  [46, '中华鲟', 'Acipenser sinensis', 'Actinopterygii', 'Acipenseriformes', 'Acipenseridae', 'I*', 'II', 'CR', null, '~', '', 2],
];

/** Chinese names of the higher ranks used above (background knowledge; shown with the taxonomy source). */
export const TAXON_CN: Record<string, string> = {
  Mammalia: '哺乳纲', Aves: '鸟纲', Reptilia: '爬行纲', Amphibia: '两栖纲', Actinopterygii: '辐鳍鱼纲',
  Carnivora: '食肉目', Primates: '灵长目', Pholidota: '鳞甲目', Proboscidea: '长鼻目', Perissodactyla: '奇蹄目',
  Artiodactyla: '偶蹄目', Cetacea: '鲸目', Pelecaniformes: '鹈形目', Gruiformes: '鹤形目', Ciconiiformes: '鹳形目',
  Galliformes: '鸡形目', Anseriformes: '雁形目', Accipitriformes: '鹰形目', Crocodylia: '鳄目', Testudines: '龟鳖目',
  Squamata: '有鳞目', Caudata: '有尾目', Acipenseriformes: '鲟形目',
  Ursidae: '熊科', Ailuridae: '小熊猫科', Cercopithecidae: '猴科', Hylobatidae: '长臂猿科', Felidae: '猫科',
  Canidae: '犬科', Mustelidae: '鼬科', Manidae: '鲮鲤科', Elephantidae: '象科', Equidae: '马科', Camelidae: '骆驼科',
  Cervidae: '鹿科', Bovidae: '牛科', Phocoenidae: '鼠海豚科', Delphinidae: '海豚科', Threskiornithidae: '鹮科',
  Gruidae: '鹤科', Ciconiidae: '鹳科', Phasianidae: '雉科', Anatidae: '鸭科', Accipitridae: '鹰科',
  Alligatoridae: '鼍科', Trionychidae: '鳖科', Pythonidae: '蟒科', Cryptobranchidae: '隐鳃鲵科', Acipenseridae: '鲟科',
  Ailuropoda: '大熊猫属', Ailurus: '小熊猫属', Rhinopithecus: '仰鼻猴属', Nomascus: '冠长臂猿属', Macaca: '猕猴属',
  Panthera: '豹属', Neofelis: '云豹属', Catopuma: '金猫属', Cuon: '豺属', Canis: '犬属', Ursus: '熊属',
  Helarctos: '马来熊属', Lutra: '水獭属', Manis: '穿山甲属', Elephas: '亚洲象属', Equus: '马属', Camelus: '骆驼属',
  Elaphurus: '麋鹿属', Przewalskium: '白唇鹿属', Cervus: '鹿属', Pantholops: '藏羚属', Budorcas: '羚牛属',
  Neophocaena: '江豚属', Sousa: '白海豚属', Nipponia: '朱鹮属', Grus: '鹤属', Leucogeranus: '白鹤属', Ciconia: '鹳属',
  Crossoptilon: '马鸡属', Pavo: '孔雀属', Syrmaticus: '长尾雉属', Mergus: '秋沙鸭属', Aquila: '雕属',
  Alligator: '短吻鳄属', Pelochelys: '鼋属', Python: '蟒属', Andrias: '大鲵属', Acipenser: '鲟属',
  // Species above the subspecies rows (虎, 野马, 江豚).
  'Panthera tigris': '虎', 'Equus ferus': '野马', 'Neophocaena asiaeorientalis': '窄脊江豚',
};
