// Meter kind evidence from nameplate text. Patterns run on folded text (see fold.ts), so
// Russian markings appear as their Latin look-alikes ("вода" -> "boda", "ХВС" -> "xbc").
import type { ColourEvidence, TypeScores, UtilityKind, WaterKindScores } from './types.js';

interface Rule {
  tag: string;
  re: RegExp;
  w: Partial<Record<UtilityKind | 'cold' | 'hot' | 'meter' | 'anti', number>>;
}

const RULES: Rule[] = [
  // electricity
  { tag: 'kwh', re: /k\s?w\s?[.\-*]?\s?h|kbt\s?[.\-*]?\s?4?|квт/, w: { electricity: 2.5, heat: 0.8, meter: 1 } },
  { tag: 'imp/kwh', re: /(imp|imn|rev|obr|u|r)\s?\/\s?k\s?w|(imp|rev)\s?\/\s?kbt/, w: { electricity: 2, meter: 1 } },
  { tag: 'volts', re: /(^|[^0-9.,])(1[12]0|12[07]|2[234]0|380|400|415)\s?v\b|\b3\s?[x×]\s?\d{2,3}\s?(\/\s?\d{3})?\s?v/, w: { electricity: 2, meter: 1 } },
  { tag: 'amps', re: /\b\d{1,3}\s?[-(]\s?\d{2,3}\s?\)?\s?a\b/, w: { electricity: 2.5, meter: 1 } },
  { tag: 'hz', re: /\b(50|60)\s?hz\b/, w: { electricity: 2.5, meter: 1 } },
  { tag: 'tariff', re: /\bt\s?[1-4]\b/, w: { electricity: 0.5 } },
  { tag: 'electric-words', re: /watt|energy|electri|elektr|elettr|energi|phase|\belm[aä]tare|s[aä]hk[oö]mittari|\bwire\b|\b[13]\s?p\s?[234]\s?w\b|stromz[aä]h|kvarh|kvah|\bkvar\b|\bkwh\b/, w: { electricity: 2, meter: 1 } },
  { tag: 'electric-zh', re: /电能|电表|電力|電表|单相|三相|單相|電度|电度|電量|电量/, w: { electricity: 2.5, meter: 1.5 } },
  { tag: 'electric-std', re: /iec\s?(6205[23]|6103[56]|1036|521)|en\s?50470|\br\s?46\b|50193/, w: { electricity: 2.5, meter: 1 } },
  // gas
  { tag: 'g-size', re: /(^|[^a-z0-9])g\s?(1[.,]6|2[.,]5|4|6|10|16|25|40|65|100)(?![0-9.,/])/, w: { gas: 2.5, meter: 1 } },
  { tag: 'qmax', re: /\b[qo0]\s?ma[xhk]/, w: { gas: 1, water: 0.4, heat: 0.3, meter: 1 } },
  { tag: 'qmin', re: /\b[qo0]\s?m[i1l]?n\b|\b[qo0]\s?min/, w: { gas: 1, water: 0.4, heat: 0.3, meter: 1 } },
  { tag: 'pmax', re: /\bp\s?ma[xi]/, w: { gas: 2, meter: 1 } },
  { tag: 'mbar', re: /mbar|kpa\b/, w: { gas: 1.5, meter: 0.5 } },
  { tag: 'dm3', re: /\bdm\s?[32]|\d\s?dm\b/, w: { gas: 2, meter: 1 } },
  { tag: 'gas-words', re: /\bgas|\bgaz|metano|methane|natural\s?gas|pl[yi]nomj?[eě]r|dogalgaz|\b[tfr]a3\b/, w: { gas: 3, meter: 1 } },
  { tag: 'gas-zh', re: /燃气|煤气|天然气|瓦斯|ガス/, w: { gas: 3, meter: 1.5 } },
  { tag: 'gas-std', re: /en\s?(1359|14236|12480|12261)|\br\s?137\b/, w: { gas: 3, meter: 1 } },
  { tag: 'neg-temp', re: /-\s?(10|20|25|30)\s?°?\s?c\b/, w: { gas: 1 } },
  // A volume unit spelled out is printed on gas and water meters, hardly on anything else with digits.
  { tag: 'cubic-feet', re: /cubic|\bfeet\b|cu\.?\s?ft|\bft\s?3/, w: { gas: 1.5, water: 0.5, meter: 1.5 } },
  { tag: 'impulse', re: /1\s?imp\s?\S{0,2}\s?0\s?[.,]\s?0?1\s?m/, w: { gas: 0.8, water: 0.3, meter: 0.5 } },
  // heat
  { tag: 'heat-units', re: /gcal|\b[grtf]\s?kan\b|\b[grtf]\s?kal\b|\bgj\b|\bmwh\b/, w: { heat: 3, meter: 1 } },
  { tag: 'heat-words', re: /heat|warmte|w[äa]rme(?!\s?wasser)|v[äa]rmem|l[äa]mp[öo]mitt|teplo|tepn|tepla(?!\s?vod)|calor|chaleur|thermique|(?<!woda\s?)ciep[lł](?!a\s?woda)/, w: { heat: 3, meter: 1 } },
  { tag: 'heat-zh', re: /热量|热能|熱量|熱能|供热/, w: { heat: 3.5, meter: 1.5 } },
  { tag: 'heat-std', re: /en\s?1434|\br\s?75\b|gb\s?\/?\s?t\s?32224|cj\s?\/?\s?t\s?188/, w: { heat: 3, meter: 1 } },
  { tag: 'temp-sensor', re: /\bpt\s?(100|500|1000)\b/, w: { heat: 2.5, meter: 1 } },
  { tag: 'heat-flow', re: /\bq\s?p\b|[δΔ]\s?t\b|\bt\s?(in|out)\b|supply|return|vorlauf|r[üu]cklauf/, w: { heat: 1.2 } },
  { tag: 'ultrasonic', re: /ultrason|超声波/, w: { heat: 0.5, water: 0.3, gas: 0.3, meter: 0.5 } },
  // water
  { tag: 'qn', re: /\bq\s?[n1-4]?\s?[=\-:]?\s?\d|\bq\s?[n3]\b/, w: { water: 2, meter: 1 } },
  { tag: 'r-ratio', re: /(^|[^a-z])r\s?-?\s?(40|50|63|80|100|125|160|200|250|315|400|500|630|800)\b/, w: { water: 2, meter: 1 } },
  { tag: 'dn', re: /\b(dn|dy|ay|du)\s?-?\s?(10|15|20|25|32|40|50)\b/, w: { water: 1.5, heat: 1, meter: 1 } },
  { tag: 'pn', re: /\bpn\s?[-=]?\s?(6|10|16|25|1[.,]0|1[.,]6)\b|\bmap\s?-?\s?1[06]\b/, w: { water: 1.5, heat: 0.5, meter: 1 } },
  { tag: 'water-words', re: /water|wasser|\beau\b|agua|acqua|\bvoda\b|\bwoda\b|\bboda\b|vatten|vesi|wodomierz|vodomj?[eě]r|hidr[oó]metro|apometru|vizora|vizmero|su\s?sayac|contor\s?(?:de\s?)?apa\b|vandm[aå]ler|vannm[aå]ler|vandens|\budens\b|veem[oõ]{2}t/, w: { water: 3, meter: 1 } },
  { tag: 'xbc', re: /\bxbc\b|\bx\.b\.c\b/, w: { water: 2.5, cold: 3, meter: 1 } },
  { tag: 'rbc', re: /(?<![a-z0-9])[grtf「]bc\b|\b[grtf]\.b\.c\b/, w: { water: 2.5, hot: 3, meter: 1 } },
  { tag: 'water-zh', re: /水表|冷水|热水|熱水|水量|水道/, w: { water: 3, meter: 1.5 } },
  { tag: 'cold-zh', re: /冷水/, w: { cold: 3 } },
  { tag: 'hot-zh', re: /热水|熱水/, w: { hot: 3 } },
  { tag: 'mount', re: /vertical|horizontal|\b(b\s?[-\/.·]?\s?h|a\s?[-\/.·]?\s?v|h\s?[-\/]\s?b|v\s?[-\/]\s?a)(\b|[ab])/, w: { water: 1.5, meter: 0.5 } },
  { tag: 'dial-multiplier', re: /[x×+]\s?0\s?[.,]?\s?0{2,}1\b|[x×]\s?0\s?[.,]\s?0*1\b|\b0[.,]000?1\b/, w: { water: 1.5, meter: 1 } },
  { tag: 'water-std', re: /en\s?14154|iso\s?4064|\br\s?49\b|50193/, w: { water: 3, meter: 1 } },
  { tag: 'm3', re: /\bm\s?3\b|\bm\s?3\s?\/\s?h/, w: { water: 0.8, gas: 0.5, heat: 0.3, meter: 1 } },
  { tag: 'cold-temp', re: /(^|[^0-9\-.~])[345][0o]\s?[°'*o]{0,2}\s?p?c\b|\bt\s?[35][0o]\b/, w: { water: 0.5, cold: 1.5 } },
  { tag: 'hot-temp', re: /(^|[^0-9\-.~])(7[0o]|85|9[0o]|95|1[0o]5|1[123][0o])\s?[°'*o]{0,2}\s?p?c\b|\bt\s?(9|13)[0o]\b/, w: { water: 0.3, hot: 1.5 } },
  // ХОЛОДНАЯ, ХОЛОДНОЙ, ХОЛОДНОЇ as read (`XOJOHOV`, `XOJIOIHOH`, `XOOHa`, `XonOHaA`; its Д an `H`, `XOJIOHHON`, a
  // Roman two, a Greek mu or, monospaced and askew, a `Z`: `XOJIOⅡHA`, `XOJOμHON`, `XOJOZHON`), also run on from
  // СЧЁТЧИК, and a type name with its bore, ВСХ-15 or СХВ-20 (not a hex number's `bcf5`).
  { tag: 'cold-words', re: /\bcold\b|kalt|froid|fr[íi]a|fredda|xonod|xolod|(?<![a-jl-z0-9])xo[njli]{0,3}o?[adilnhμz]{0,2}h[oa]|\b(?:bcx|cxb)\s?-\s?(?:15|20|25|32|40|50)\b|zimn[ae]\s?woda|woda\s?zimna|studen[aá]/, w: { water: 1, cold: 2.5 } },
  // ГОРЯЧАЯ, ГОРЯЧЕЙ, ГАРЯЧА, ГАРЯЧОЇ as read (`TOPAYAA`, `TOPHHAH`, `rOp94eИ`, `rapgya`, `TAPHYOI`), and ВСГ-15 or СГВ-15 (`BCF-15`, `CTB-15`).
  { tag: 'hot-words', re: /\bhot\b|warm\s?wasser|warm\s?water|chaud|caliente|calda|ropy4|ropr4|gorya|(?<![a-z0-9])[tr「][oa]p[ahr9g][y4hu][aehno]|\b(?:bc[rtfi]|c[rtfi]b)\s?-\s?(?:15|20|25|32|40|50)\b|ciep[lł]a\s?woda|woda\s?ciep[lł]a|tepl[aá]\s?voda/, w: { water: 1, hot: 2.5 } },
  // УНИВЕРСАЛЬНЫЙ, its И read as N, U or H.
  { tag: 'universal', re: /universal|yh[nuh]bepca/, w: { cold: 0.5, hot: 0.5 } },
  // Russian and Ukrainian names of the kind of meter as the recogniser, which has no Cyrillic, reads
  // them. They tell the kind, not that there is a meter: the recogniser reads such short runs of
  // letters into any pattern (a photo of ArUco markers gave `BOAN`, as ВОДИ reads).
  // ЭЛЕКТРИЧЕСКОЙ, ЕЛЕКТРИЧНОЇ, ЕЛЕКТРОЛІЧИЛЬНИК: `3nekTpnyecKoN`, `aneKTpHuecKon`, `ENEKTPNYHOI`, `EJIEKTPHYHOi`, `EnEKTPOIYNNbHNK`.
  { tag: 'electric-ru', re: /[3a9e](?:n|ji)?ek[tr]p(?:[nhu][y4u]|o)/, w: { electricity: 2.5 } },
  // ГАЗА, ГАЗОВЫЙ, ГАЗУ: `TA3A`, `ra3a`, `TA3OBbIN`, `「A3Y`, also run on from СЧЁТЧИК or ЛІЧИЛЬНИК (`IyNnbHNKTA3y`).
  { tag: 'gas-ru', re: /(?:^|[^a-z0-9]|[nuh]k)[tfr「]a3(?:[ayo]|0b|\b)/, w: { gas: 2.5 } },
  // Гкал and МВт·ч: `TKan`, `「ka`, `MBT·4`, `MBr·Y`.
  { tag: 'heat-ru-units', re: /(?:^|[^a-z0-9])[grtf「]\s?ka[nl]\b|「\s?ka\b|\bmb[tr]\s?\.?\s?[4yuh]\b/, w: { heat: 2.5 } },
  // ТЕПЛО- (ТЕПЛОСЧЁТЧИК, ТЕПЛОВОЙ, ТЕПЛОЛІЧИЛЬНИК): `TENNOCYETYNK`, `TEHJIOCHETHHK`, `TEnIOBOn`, `TenOiYbHNK`, `TEOC4ET4NK`;
  // ТЕПЛА (`TEnIA`, `TEHIJIA`); also run on from СЧЁТЧИК or ЛІЧИЛЬНИК (`IYNnbHNKTEnnA`, `HNKTEnNOBOI`).
  { tag: 'heat-ru', re: /(?:\b|[nhu]k)te(?:[nhitj][nhijl]{0,3}o(?:c|b|ji|ni|i[iy4un]|\b)|oc[h4y]e|[nhitj][nhijl]{1,3}a\b)/, w: { heat: 2.5 } },
  // ВОДЫ, ВОДОСЧЁТЧИК, ВОДОМЕР, ВОДОМІР, the Д read `I`, `n`, `A` or `μ`: `BOIBI`, `BOnbl`, `BOμbI`, `BOIOCHETHHK`, `BOAOMIP`, `BOⅡOMIP`
  // (not the shorter `BOA` or `BObI`; ХОЛОДНАЯ and ГОРЯЧАЯ, see cold-words and hot-words, say water too);
  // ВОДИ only run on from ЛІЧИЛЬНИК or СЧЁТЧИК (`IYNbHNK BON`, `JIIHHJIDHHK BOIH`, `CHETHNK BOИ`).
  { tag: 'water-ru', re: /\bbo[ilnaμ]b[il1]\b|\bbo[dilnaμ]{0,2}o(?:c[y4h]e|m[ei]p)|[nhu]k\s?bo[adilnuh]{1,2}\b/, w: { water: 2.5 } },
  // generic nameplate markings
  { tag: 'class', re: /\bclass\b|\bcl\.?\s?[0-3]|knacc|kjiacc|to4hoct|toyhoct|kl\.\s?[0-3]/, w: { meter: 0.7 } },
  { tag: 'made-in', re: /made\s?in|\bmid\b|\bce\b|ptb/, w: { meter: 0.5 } },
  { tag: 'pressure', re: /\d\s?m\s?pa\b|\bmna\b/, w: { water: 0.8, heat: 0.5, meter: 0.5 } },
  { tag: 'antimagnetic', re: /antimag|ahtnmar|ahtumar/, w: { meter: 0.5 } },
  // things with digits that are not meters
  { tag: 'medical', re: /mmol|mg\s?\/\s?dl|mmhg|\bsys\b|\bdia\b|\bpul\b|glucose|blood|pressure/, w: { anti: 2.5 } },
  { tag: 'fuel', re: /\blit(re|er)s?\b|\bprice\b|\btotal\b|\bamount\b|\bsale\b|\bpump\b|unleaded|diesel|[$€£]/, w: { anti: 2 } },
  { tag: 'scale', re: /\btare\b|\bkg\b|\blbs?\b|\boz\b|\bzero\b|\bweigh/, w: { anti: 1.5 } },
  { tag: 'clock', re: /\b[ap]\.?m\.?\b|\d{1,2}:\d{2}/, w: { anti: 1 } },
  { tag: 'gauge', re: /thermo|thernom|gauge|温控|温度计|变压器|transformer/, w: { anti: 2 } },
  // Russian devices' names as read: ТЕРМОМЕТР, ТОНОМЕТР, ГЛЮКОМЕТР, МУЛЬТИМЕТР, ГИГРОМЕТР end in МЕТР
  // (`TEPMOMETP`, `FUOKOMETP`, `MYJbTNMETP`), which no meter's name does (ВОДОМЕР, СЧЁТЧИК); ВЕСЫ
  // (`BECbI`), КАЛЬКУЛЯТОР (`KAJIBKYJIATOP`), an hour meter's МОТОЧАСОВ (`MOTO4ACOB`).
  { tag: 'device-ru', re: /[a-z「]{2}metp|\bbec[b6][il1]|\bka[a-z]{0,4}ky[a-z]{0,3}atop|moto[4yh]acob/, w: { anti: 2 } },
  // A thermostat's HEAT and °C are not a heat meter's: its set point and fan give it away where its
  // name (see gauge) is not printed (not COOL: heat and cooling meters read that).
  { tag: 'hvac', re: /set\s?temp|set\s?point|\bfan\b/, w: { anti: 2 } },
  // Counters and keypads with a digit display as a meter's: an hour meter (not a watt-hour meter), a
  // tally, stroke or piece counter (its `pcs`), a stopwatch or a kitchen timer, a Geiger counter, a
  // calculator (its memory keys). A tally counter's name alone, or its key's `PRESS TO COUNT`: a tilted
  // `TALLY COUNTER` was boxed as `TALLY C` and `COUNTER`.
  { tag: 'other-counter', re: /(?<!watt\s?-?\s?)hour\s?(meter|counter)|(totali[sz]ing|preset|tally|production|stroke|piece|batch)\s?counter|\btally\b|press\s?to\s?count|\bpcs\b|hobbs|stopwatch|chronograph|\btimer\b|countdown|geiger|radiation|dosimeter|[uµμ]\s?sv\b|\bcpm\b|calculator|\bm\s?\+(?=\s|$)|\bmrc\b|\bon\s?\/\s?c\b/, w: { anti: 2 } },
  // Panel meters on a DIN rail beside the electricity meter print its volts and hertz too; so do testers
  // (a small USB tester's `4-30V 0-5A USB TESTER` read run together, `4-30V0-5AUSBTESTER`).
  { tag: 'instrument', re: /multimeter|tester|voltmeter|ammeter|wattmeter|ohmmeter|panel\s?meter|volt(age)?\s?meter|amp(ere)?\s?meter|frequency\s?meter|\bhold\b|\bohms?\b|Ω|\blux\b|tachometer|speedometer|taxi|\bfare\b|parking|laser|distance|decibel|anemometer|pedometer|\bppm\b|\bco2\b/, w: { anti: 1.5 } },
  // An appliance's rating plate prints volts and hertz as a meter's does, but a power in watts and
  // what it is (an electric kettle's `220-240V~ 50/60Hz 2200W` was taken for an electricity meter).
  // A plug-in power monitor shows kWh as a meter does, but a meter has no keys to price the energy or
  // to step through functions.
  { tag: 'keys', re: /\bcost\b|\bfunc(tion)?\b|\bup\b.{0,40}\bdown\b|\bdown\b.{0,40}\bup\b/, w: { anti: 2 } },
  { tag: 'appliance', re: /kettle|toaster|microwave|hair\s?dryer|vacuum|charger|adapter|power\s?supply|refrigerator|washing|dishwasher|air\s?condition/, w: { anti: 2 } },
  { tag: 'wattage', re: /\b\d{3,5}\s?w\b/, w: { anti: 1.5 } },
  // A circuit board's part labels: a resistor's `R4` or `R12` is no water meter's R-ratio (see r-ratio),
  // which a board's `R40` reads as (a board read `R40`, `R4` and `2518-009` was taken for a water meter).
  { tag: 'part-labels', re: /(^|[^a-z0-9])r\s?(?!(40|50|63|80|100|125|160|200|250|315|400|500|630|800)\b)\d{1,3}(?![\d/.,])/, w: { anti: 1 } },
  // Utility meters run on the mains or a battery, not on a DC supply (an hour meter's `12-48 VDC`).
  { tag: 'gadget', re: /(^|[^a-z])v\s?dc\b|\busb\b|battery|\bmah\b|\bbpm\b|\brpm\b|km\s?\/\s?h|\bmph\b|\bkm\b|odometer|\bmiles\b|\btrip\b|%\s?rh\b|humidity|spo2/, w: { anti: 1.5 } },
];

export interface TypeEvidence {
  raw: TypeScores;
  scores: TypeScores;
  water: WaterKindScores;
  meterRaw: number;
  antiRaw: number;
  tags: string[];
}

const KINDS: UtilityKind[] = ['electricity', 'gas', 'heat', 'water'];

function saturate(x: number, scale: number): number {
  return 1 - Math.exp(-Math.max(0, x) / scale);
}

export function typeEvidence(foldedLines: string[], colour?: ColourEvidence): TypeEvidence {
  // Camera-app date/time stamps burned into the photo are neither clocks nor nameplate text.
  const text = foldedLines.join(' | ').replace(/\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\s?\d{1,2}:\d{2}(:\d{2})?/g, ' ');
  const raw: TypeScores = { electricity: 0, gas: 0, heat: 0, water: 0 };
  let cold = 0;
  let hot = 0;
  let meterRaw = 0;
  let antiRaw = 0;
  const tags: string[] = [];
  for (const rule of RULES) {
    if (!rule.re.test(text)) continue;
    tags.push(rule.tag);
    for (const k of KINDS) raw[k] += rule.w[k] ?? 0;
    cold += rule.w.cold ?? 0;
    hot += rule.w.hot ?? 0;
    meterRaw += rule.w.meter ?? 0;
    antiRaw += rule.w.anti ?? 0;
  }
  // kWh next to flow or temperature markings is a heat meter's energy register.
  if (tags.includes('kwh') && (tags.includes('temp-sensor') || tags.includes('heat-flow') || /m\s?3\s?\/\s?h/.test(text)) && !tags.includes('hz') && !tags.includes('volts')) {
    raw.heat += 1.5;
    tags.push('kwh+flow');
  }
  // A universal meter's 90°C rating says nothing about the pipe it is fitted to.
  if (tags.includes('universal') && tags.includes('hot-temp')) hot -= 1.5;
  // A page of prose: many words, few markings.
  const longWords = (text.match(/[a-z]{4,}/g) ?? []).length;
  if (longWords > 25 && meterRaw < longWords / 8) {
    antiRaw += 2;
    tags.push('prose');
  }
  // A cold (30°C) or a hot (90°C) rating read says which pipe the meter is for; the photo's colours do
  // not outweigh it (a night shot's warm cast made an Itelma rated 30°C hot).
  const rated = tags.includes('cold-temp') !== tags.includes('hot-temp') && !tags.includes('universal');
  if (colour) {
    const b = colour.blueRatio;
    const r = colour.redRatio;
    if (!rated) {
      cold += 4 * Math.max(0, b - r);
      hot += 4 * Math.max(0, r - b);
    }
    raw.water += Math.min(1, Math.max(0, Math.max(b, r) - 0.1) * 5) * 0.8;
  }
  const scores = {} as TypeScores;
  for (const k of KINDS) scores[k] = saturate(raw[k], 2.5);
  return { raw, scores, water: { cold: saturate(cold, 2), hot: saturate(hot, 2) }, meterRaw, antiRaw, tags };
}
