import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseMeterText } from '../../../src/recognition/parse/index.js';
import { typeEvidence } from '../../../src/recognition/parse/meter-type.js';
import { fold } from '../../../src/recognition/parse/fold.js';
import { line, PHOTO } from './helpers.js';

const typeOf = (...texts: string[]) =>
  parseMeterText(texts.map((t, i) => line(t, 100, 100 + 60 * i, 300, 40)), PHOTO).meterType;

test('electricity from kWh, constants, voltage, current and frequency ratings', () => {
  assert.equal(typeOf('kW·h', '220V', '10(40)A', '50Hz', '375obr/kW·h'), 'electricity');
  assert.equal(typeOf('1P3W110/220V', '1600imp/kWh'), 'electricity');
  assert.equal(typeOf('1 Phase 2 Wire Class 1', '3200 imp/kwh'), 'electricity');
  // Cyrillic "кВт·ч" as the Latin-only recogniser writes it
  assert.equal(typeOf('Mepkypnn 201', 'kBT·4', '5-60 A'), 'electricity');
  assert.equal(typeOf('電子式瓦時計', '單相三線式'), 'electricity');
});

test('gas from G-size, Qmax/Qmin, pmax, cyclic volume and mbar, also OCR-mangled', () => {
  assert.equal(typeOf('BK-G4M', 'Qmax6m/h', 'Qmin0.04m/h', 'V2.0dm²', 'pmax0,2bar'), 'gas');
  assert.equal(typeOf('Omax', '7.5mh', '36.mbar', 'Omin', '10dm'), 'gas');
  assert.equal(typeOf('CTMH-1 G6', 'ГАЗ'), 'gas');
  assert.equal(typeOf('CUBIC', 'FEET'), 'gas');
});

test('a thread size G3/4 on a water meter is not a gas size', () => {
  assert.equal(typeOf('G3/4', 'Qn 1,5 m3/h', 'R160'), 'water_unknown');
});

test('heat from Gcal/GJ, heat words, EN 1434, temperature sensors and kWh with flow', () => {
  assert.equal(typeOf('超声波热量表', 'PT1000'), 'heat');
  assert.equal(typeOf('Tkan', 'DN15'), 'heat');
  assert.equal(typeOf('0.000 GJ', 'EN 1434'), 'heat');
  assert.equal(typeOf('kWh', 'm3/h', 'PT500'), 'heat');
});

test('water from Qn/Q3, R-ratio, DN, mounting classes and dial multipliers; hot vs cold', () => {
  assert.equal(typeOf('B·H AV', '30°℃', 'Qn1,5m/h', 'x0,0001'), 'water_cold');
  assert.equal(typeOf('90°C Qn-1,5 m/h PN-16 bar', 'B-horizontal', 'A-vertical'), 'water_hot');
  assert.equal(typeOf('Q3 2,5', 'R160', 'DN15'), 'water_unknown');
  assert.equal(typeOf('XBC', 'Q3=2,5'), 'water_cold');
  assert.equal(typeOf('TBC', 'Q3=2,5'), 'water_hot');
  assert.equal(typeOf('「BC', 'Q3=2,5'), 'water_hot');
  // Hot and cold water in other languages; Polish `ciepła` alone is heat (`ciepłomierz`), with `woda` hot water.
  assert.equal(typeOf('WODA CIEPŁA', 'Q3=2,5'), 'water_hot');
  assert.equal(typeOf('ZIMNA WODA', 'Q3=2,5'), 'water_cold');
  assert.equal(typeOf('TEPLÁ VODA', 'Q3=2,5'), 'water_hot');
  assert.equal(typeOf('WARM WATER', 'Q3=2,5'), 'water_hot');
  assert.equal(typeOf('ГОРЯЧАЯ ВОДА', 'Q3=2,5'), 'water_hot');
  assert.equal(typeOf('CIEPŁOMIERZ', 'GJ'), 'heat');
  // A rating's 0 read as the letter O (a monospaced 0 with a dot in it).
  assert.equal(typeOf('ULTRASONICWATERMETER 3O°C', 'Q32,5m²/hPN16'), 'water_cold');
  assert.equal(typeOf('ULTRASONIC WATER METER 9O°C', 'Q3 2,5'), 'water_hot');
  assert.equal(typeOf('WATER METER T3O', 'Q3 2,5'), 'water_cold');
});

// Russian and Ukrainian nameplate words as the recogniser (no Cyrillic) read them, rendered in the
// DejaVu faces at two sizes: the kind of meter in words, with nothing else on the plate to tell it.
test('Russian and Ukrainian meter names as the recogniser reads them; a few more languages', () => {
  for (const gas of ['CHET4NK TA3A', 'TA3OBbIN C4ET4ИK', 'CueT4HK ra3a 06beMHbIn', 'IyNnbHNKTA3y', 'JIHHJBHHK TA3Y', 'TA30BbINC4ET4NK', 'CHETHHKTA3A']) {
    assert.equal(typeOf(gas, '12345'), 'gas', gas);
  }
  for (const heat of ['TENNOCYETYNK', 'TEHJIOCHETHHK', 'TEIJIOCYETHHK', 'TEnJOBON 3HePrNN', 'TenOiYbHNK', 'TennOninbHИK', 'TETJOC4ET4NK', 'TEOC4ET4NK YJbTPA3BYKOBON', 'TKan MBr·4', '「ka MBT·4', 'CYETYNK TEnIA', 'CHETYHK TEHIJIA', 'NIYNnbHNKTEnnA', 'NIYNNbHNKTEnNOBOIEHEPTN']) {
    assert.equal(typeOf(heat, '12345'), 'heat', heat);
  }
  for (const cold of ['CHETYNK XOJOHOV BObI', 'CHETHHK XOJIOIHOH BOIBI', 'XOOHa BOa', 'XonOHaA Bona', 'CHETYNKXOJOHONBObI', 'CHETYNKXOJIOHHONBOIM', 'BOa xonoHa', 'BCX-15', 'ÁGUA FRÍA', 'XOJIOⅡHA BOⅡA', 'CHETYNK XOJOμHON BOμb', 'C4ET4NK XOJOZHON BO', 'JNHHJIbHNK XOJIOIHOi BOJH', 'JIYNbHNK XOJOHOI BOИ']) {
    assert.equal(typeOf(cold, 'Q3 2,5'), 'water_cold', cold);
  }
  for (const hot of ['TOPAYAA BOA', 'TOPHHAH BOIA', '「OPAHAA BONA', 'rOp94eИ BObl', 'ropAyeN BOnbl', 'rapgya Bona', 'CTB-15', 'BCF-15', 'IYNbHNK 「APAYOI BON', 'JIYNJIbHNK TAPHYOI BOIU', 'IYNbHNK TAPAYOI BOИ']) {
    assert.equal(typeOf(hot, 'Q3 2,5'), 'water_hot', hot);
  }
  for (const water of ['BOOCYETYИK', 'BOIOCHETHHK', 'BONOCYETYNK', 'BOnbl', 'BOIbI', 'WODOMIERZ', 'VODOMĚR', 'HIDRÔMETRO', 'ÁGUA', 'VODOMJER', 'APOMETRU', 'VÍZÓRA', 'SU SAYACI', '水道メーター', 'CONTOR APA', 'BOAOMIP', 'BOⅡOMIP', 'IYNbHNK BON', 'JIIHHJIDHHK BOIH', 'IYNbHNK BOAИ']) {
    assert.equal(typeOf(water, 'PN 16'), 'water_unknown', water);
  }
  for (const gas of ['PLYNOMĚR', 'PLINOMJER', 'DOĞALGAZ SAYACI', 'GÁZÓRA']) assert.equal(typeOf(gas, '12345'), 'gas', gas);
  for (const water of ['VANDMÅLER', 'VANNMÅLER', 'VANDENS SKAITIKLIS', 'ŪDENS SKAITĪTĀJS', 'VEEMÕÕTJA']) assert.equal(typeOf(water, 'PN 16'), 'water_unknown', water);
  for (const heat of ['VÄRMEMÄTARE', 'LÄMPÖMITTARI', 'MĚŘIČ TEPLA', 'COMPTEUR D\'ÉNERGIE THERMIQUE']) assert.equal(typeOf(heat, '12345'), 'heat', heat);
  for (const power of ['COMPTEUR ÉLECTRIQUE', 'CONTATORE ELETTRICO', 'ELMÄTARE', 'SÄHKÖMITTARI']) assert.equal(typeOf(power, '12345'), 'electricity', power);
  assert.equal(typeOf('ガスメーター', '12345'), 'gas');
  assert.equal(typeOf('3nekTpnyecKoN 3HeprИИ', '12345'), 'electricity');
  assert.equal(typeOf('aneKTpHuecKon9HeprHN', '12345'), 'electricity');
  for (const power of ['MINNJbHNK EnEKTPNYHOI EHEPF', 'JIIHNUIbHHK EJIEKTPHYHOi EHEPTII', 'CHETYHK ЗJIEKTPHYECKOY ЗHEPTHH', 'STROMZÄHLER', 'EnEKTPOIYNNbHNK', 'EJIEKTPOJIIHHJIbHHK']) {
    assert.equal(typeOf(power, '12345'), 'electricity', power);
  }
});

test('Russian thermometers, tonometers, glucometers, multimeters, scales and calculators are not meters', () => {
  for (const name of ['TEPMOMETP LVOPOBON', 'TOHOMETP', 'FUOKOMETP', 'TJIIOKOMETP', 'MYJbTUMETP', 'FHIPOMETP', 'OOMETP', 'CHETYNK MOTOYACOB', 'BECBIЗNEKTPOHHbIE', 'KAJIBKYJIATOP', 'KANbKYNATOP']) {
    assert.ok(typeEvidence([fold(name)]).antiRaw >= 2, name);
  }
  assert.equal(typeEvidence([fold('CHETHHK XOJIOIHOH BOIBI')]).antiRaw, 0);
  assert.equal(typeEvidence([fold('BOIOCHETHHK')]).antiRaw, 0);
});

test('the Russian look-alike patterns leave hex numbers and English words alone', () => {
  // A hex number's `bcf5`; an English `to pay`, `tenant`, `boa`; a type name needs its bore; ArUco
  // markers read as letters (`BOAN`).
  for (const text of ['0xbcf5 9cfb2', 'BOAN', 'BOA', 'BObI', 'AMOUNT TO PAY', 'TOPAZ TROPHY', 'TENANT TENSION', 'TEOBALDO', 'BCF 5', 'meta3a']) {
    const ev = typeEvidence([fold(text)]);
    assert.deepEqual(ev.tags.filter((t) => /gas|heat|water|cold|hot|electric/.test(t)), [], text);
  }
});

test('colour of the body decides hot/cold when the text does not', () => {
  const lines = [line('Qn 1,5 m3/h', 100, 100, 300, 40), line('R160', 100, 160, 100, 40)];
  assert.equal(parseMeterText(lines, PHOTO, { blueRatio: 0.4, redRatio: 0.02 }).meterType, 'water_cold');
  assert.equal(parseMeterText(lines, PHOTO, { blueRatio: 0.01, redRatio: 0.35 }).meterType, 'water_hot');
  assert.equal(parseMeterText(lines, PHOTO, { blueRatio: 0.02, redRatio: 0.02 }).meterType, 'water_unknown');
});

test('scores are given for every kind so the pipeline can combine them', () => {
  const ev = typeEvidence(['bk-g4m', 'qmax 6 m3/h'].map(fold));
  assert.ok(ev.scores.gas > ev.scores.water);
  assert.ok(ev.scores.gas > 0.5 && ev.scores.gas <= 1);
  assert.equal(ev.scores.electricity, 0);
});

test('no evidence gives no type', () => {
  assert.equal(typeOf('ITELMA'), null);
  assert.equal(typeOf(), null);
});

test('meter likelihood: high for nameplates, low for displays and pages that are not meters', () => {
  const like = (lines: ReturnType<typeof line>[]) => parseMeterText(lines, PHOTO).meterLikelihood;
  assert.ok(like([line('0134200', 300, 300, 400, 110), line('kW·h', 750, 310, 120, 80), line('220V', 300, 440, 80, 50), line('50Hz', 500, 440, 80, 50)]) > 0.9);
  assert.ok(like([line('008698.', 300, 300, 300, 100)]) > 0.5, 'a counter with leading zeros alone');
  // ... but not one the OCR barely read (noise on a dark photo of coins read as `00000` at 0.40).
  assert.ok(like([{ ...line('00000', 300, 300, 300, 100), score: 0.4 }]) < 0.5, 'a barely read row of zeros');
  assert.ok(like([line('2:440m412', 80, 30, 300, 100), line('139', 100, 230, 400, 290), line('mmol/L', 360, 620, 150, 56)]) < 0.2);
  assert.ok(like([line('74.00', 300, 250, 500, 330), line('LITRES', 300, 660, 300, 110)]) < 0.2);
  assert.ok(like([line('1555', 400, 250, 700, 430)]) < 0.5);
  const page = [
    'Let us first determine markers of the coins and the',
    'background. These markers are pixels that we can label',
    'unambiguously as either object or background. Here',
    'the markers are found at the two extreme parts of the',
    'histogram of grey values and then we segment the image',
  ].map((t, i) => line(t, 10, 40 + 30 * i, 900, 25));
  assert.ok(like(page) < 0.2);
  const gauge = [line('TRANSFORMER OIL-SURFACE THERMOMETER', 100, 300, 600, 30), line('AC220V/5A', 100, 340, 200, 30), line('150', 400, 100, 60, 36)];
  assert.ok(like(gauge) < 0.5);
  // An appliance's rating plate: volts and hertz, but watts and what it is.
  const plate = (texts: string[]) => texts.map((t, i) => line(t, 100, 100 + 80 * i, 600, 40));
  assert.ok(like(plate(['ELECTRIC KETTLE', 'Model: WK-1720', '220-240V~ 50/60Hz 2200W', 'S/N 20230512047', 'MADE IN CHINA CE'])) < 0.5);
  assert.ok(like(plate(['ELECTRIC', 'Model: WK-1720', '220-240V~ 50/60Hz', 'S/N 20230512047', 'MADE IN CHINA CE'])) > 0.5, 'the same plate without them');
  // A plug-in power monitor: kWh on its display, but keys to price it and step through its functions.
  const monitor = (keys: string[]) => [line('0.235', 160, 160, 300, 100), line('kWh', 640, 260, 80, 40), line('POWER METER', 120, 400, 300, 30), ...keys.map((k, i) => line(k, 120 + 200 * i, 470, 120, 30))];
  assert.ok(like(monitor(['FUNCTION', 'SET', 'COST'])) < 0.5);
  assert.ok(like(monitor(['SET', 'UP', 'DOWN'])) < 0.5);
  assert.ok(like(monitor(['SET'])) > 0.5, 'the same face without them');
  // Other instruments named on their faces.
  assert.ok(like([line('LASER DISTANCE METER', 100, 400, 500, 40), line('1.234', 300, 200, 300, 110)]) < 0.2);
});

test('a universal water meter rated 90°C is not called hot by its rating alone', () => {
  assert.equal(typeOf('VLF-R', 'UNIVERSAL', '90°C Qn-1,5 m/h PN-16 bar'), 'water_unknown');
  // УНИВЕРСАЛЬНЫЙ as the recogniser reads it (no Cyrillic): its И as H.
  assert.equal(typeOf('YHHBEPCAJIbHbIN', 'Qn-1,5M/y', '90°C'), 'water_unknown');
  const lines = ['VLF-R', 'UNIVERSAL', '90°C Qn-1,5 m/h PN-16 bar'].map((t, i) => line(t, 100, 100 + 60 * i, 300, 40));
  assert.equal(parseMeterText(lines, PHOTO, { blueRatio: 0.3, redRatio: 0 }).meterType, 'water_cold');
});

test("a meter's temperature rating outweighs the photo's colours: a night shot's warm cast does not make a 30°C meter hot", () => {
  const lines = (rating: string) => ['ITELMA', 'Qn1,5m/h', rating].map((t, i) => line(t, 100, 100 + 60 * i, 300, 40));
  const warm = { blueRatio: 0, redRatio: 0.5 };
  assert.equal(parseMeterText(lines('30°C'), PHOTO, warm).meterType, 'water_cold');
  assert.equal(parseMeterText(lines('90°C'), PHOTO, { blueRatio: 0.5, redRatio: 0 }).meterType, 'water_hot');
  // No rating read: the colours decide.
  assert.equal(parseMeterText(lines('MN08'), PHOTO, warm).meterType, 'water_hot');
});

test('odometers and hygrometers are not meters', () => {
  const like = parseMeterText([line('012345', 200, 300, 500, 120), line('km', 720, 330, 80, 60), line('TRIP', 200, 460, 120, 50)], PHOTO).meterLikelihood;
  assert.ok(like < 0.5, `likelihood ${like}`);
  const miles = parseMeterText([line('012345', 200, 300, 500, 120), line('MILES', 720, 330, 160, 60)], PHOTO).meterLikelihood;
  assert.ok(miles < 0.5, `miles ${miles}`);
});

test('thermostats, multimeters and taximeters are not meters', () => {
  const parsed = (texts: string[]) => parseMeterText(texts.map((t, i) => line(t, 300, 150 + 90 * i, 400, 60)), PHOTO);
  const thermostat = parsed(['HONEYWELL', '23.5', '°C', 'SET TEMP', 'HEAT COOL AUTO', 'FAN ON']);
  assert.ok(thermostat.meterLikelihood < 0.5, `thermostat ${thermostat.meterLikelihood}`);
  assert.ok(parsed(['FLUKE', '0230', 'AC DC HOLD', 'RANGE MIN MAX']).meterLikelihood < 0.5);
  assert.ok(parsed(['TAXIMETER', '00128', 'EXTRAS', 'HIRED']).meterLikelihood < 0.5);
  // A heat meter's own words and temperatures still make it one.
  const heat = parsed(['HEAT / COOLING METER', '001234', 'MWh', 'Pt500', '5...90°C']);
  assert.ok(heat.meterLikelihood > 0.5 && heat.meterType === 'heat');
});

test('panel meters beside an electricity meter (volts and hertz on them too) and testers are not meters', () => {
  const parsed = (texts: string[]) => parseMeterText(texts.map((t, i) => line(t, 300, 150 + 90 * i, 400, 60)), PHOTO);
  for (const name of ['AC VOLTMETER', 'DIGITAL AMMETER', 'FREQUENCY METER', 'DIGITAL PANEL METER']) assert.ok(parsed([name, '229.8', 'AC 80-300V 50Hz']).meterLikelihood < 0.5, name);
  assert.ok(parsed(['ENERGY METER', '012345.6', '230V 50Hz']).meterLikelihood > 0.5);
  // A USB tester's volts and amps, its words read run together in a small photo.
  assert.ok(parsed(['ZKE', '02075', 'w', 'KWS-V20', '4-30V0-5AUSBTESTER', 'QC2.0 QC3.0']).meterLikelihood < 0.5);
});

test('hour meters, stopwatches, kitchen timers, Geiger counters and calculators are not meters', () => {
  const parsed = (texts: string[]) => parseMeterText(texts.map((t, i) => line(t, 300, 150 + 90 * i, 400, 60)), PHOTO);
  for (const words of [
    ['ENGINE HOUR METER', '0012345', 'h', '10-80V'],
    ['STOPWATCH', '01234.5', 'LAP SPLIT'],
    ['KITCHEN TIMER', '01234', 'START STOP'],
    ['GEIGER COUNTER', '0123456', 'CPM', 'uSv/h'],
    ['CASIO', '0012345', 'M+ M- MRC', 'ON/C'],
    ['ENM T50', '0012345', '12-48 VDC'],
    ['OMRON H7EC', '0012345', 'TOTALIZING COUNTER'],
  ]) {
    assert.ok(parsed(words).meterLikelihood < 0.5, words.join(' '));
  }
  // The same display without those words is a meter's counter; so is a watt-hour meter's.
  assert.ok(parsed(['0012345', 'h']).meterLikelihood > 0.5);
  assert.ok(parsed(['STATIC WATTHOUR METER', '0012345', 'kWh']).meterLikelihood > 0.5);
  assert.ok(parsed(['WATT-HOUR METER', '0012345']).meterLikelihood > 0.5);
});

test('a camera date/time stamp does not count as a clock display', () => {
  const lines = [line('008698.', 68, 51, 150, 50), line('162039267', 30, 241, 150, 19), line('22/12/2019 15:39:30', 31, 273, 250, 20)];
  assert.ok(parseMeterText(lines, { width: 320, height: 320 }).meterLikelihood > 0.5);
  assert.ok(parseMeterText([line('12:45', 300, 300, 400, 200)], PHOTO).meterLikelihood < 0.3);
});
