import type { Messages } from '../messages';
import type en from '../en/evidence';

// Turkish texts of the 'evidence' namespace: the same keys as en/evidence.ts (the type checks it).
const tr: Messages<typeof en> = {
  yearSet: {
    legend: 'Yıl kümesi',
    cycle: 'Başkanlık döngüsü',
    cycles: {
      election: 'Seçim yılı',
      'post-election': 'Seçim sonrası yıl',
      midterm: 'Ara seçim yılı',
      'pre-election': 'Seçim öncesi yıl',
    },
    parity: 'Tek/çift yıllar',
    parities: {
      all: 'Tüm yıllar',
      odd: 'Tek yıllar',
      even: 'Çift yıllar',
    },
    exclude: 'Hariç tutulan yıllar',
    excludePlaceholder: 'örn. 2008,2020',
    excludeError: 'Virgülle ayrılmış yıllar, örn. 2008,2020',
  },
  rollAdjust: {
    label: 'Kontrat geçişi düzeltmesi',
    hint: 'Hesaplamadan önce olası kontrat geçişlerindeki sıçramaları giderir',
    modes: {
      none: 'Yok',
      ratio: 'Oran',
      difference: 'Fark',
    },
  },
  tested: {
    summary: 'Test edilen {{n}} pencerenin en iyisi',
    explanation:
      'Ne kadar çok pencere taranırsa, o kadar çoğu şans eseri iyi görünür: q-değeri bu taramayı hesaba katar; 0,10’un üzerindeki bir q-değeri sonucun şans eseri olabileceğini gösterir.',
  },
  qValue: {
    column: 'q-değeri',
    columnHelp: 'Test edilen pencere sayısına göre düzeltilmiş p-değeri (Benjamini–Hochberg)',
    max: 'En yüksek q-değeri',
    maxPlaceholder: 'Hepsi',
    maxError: '0 ile 1 arasında bir sayı, örn. 0.1',
    chance: 'Şans eseri olabilir',
    chanceHelp:
      'q-değeri {{q}}, 0,10’un üzerinde: bu kadar çok pencere test edildiğinde böyle bir sonuç yalnızca şansla çıkabilir.',
  },
  walkForward: {
    title: 'Örneklem dışı (ileriye dönük test)',
    intro:
      'Her yıl, yalnızca ondan önceki en az {{n}} yıla bakılarak seçilen en iyi pencereyle işlem görür; tıpkı o gün seçeceğiniz gibi.',
    direction: 'Yön',
    long: 'Uzun',
    short: 'Kısa',
    sideInText: { long: 'uzun', short: 'kısa' },
    comparison: 'Örneklem içi ile örneklem dışı',
    measure: 'Ölçü',
    inSample: 'Örneklem içi',
    outOfSample: 'Örneklem dışı',
    winRate: 'Kazanma oranı',
    mean: 'Ortalama getiri',
    trials: 'İşlem yapılan yıllar',
    trialsCaption: 'Örneklem dışı yıllar, her biri kendinden önce seçilen pencereyle',
    year: 'Yıl',
    window: 'Pencere',
    days: 'Gün',
    return: 'Getiri',
    none: 'Örneklem dışında hiçbir yıl işlem görmedi: her yıldan önce yeterli yıl yok.',
    chartLabel: 'Birikimli örneklem dışı getiri, {{side}}: {{n}} yılda ({{years}}) {{total}}',
    cumulative: 'Birikimli',
    loading: 'Örneklem dışı test hesaplanıyor…',
    failed: 'Örneklem dışı test başarısız oldu: {{message}}',
  },
  luck: {
    title: 'Şans mı?',
    intro: 'Bu aramanın en iyi penceresi ({{window}}), aranan {{n}} pencereye göre düzeltilmiş.',
    legsIntro:
      'Her bacağın penceresi, geldiği aramaya (en iyi işlemler ya da tarayıcı), yoksa aynı uzunluktaki tüm pencerelere göre düzeltilir.',
    legToggle: 'Şans mı? {{leg}}',
    legName: '{{symbol}} {{start}} → {{end}} {{side}}',
    legIntroSearch:
      'Bu bacağın penceresi ({{window}}), geldiği aramanın {{n}} penceresine göre düzeltilmiş ({{min}}–{{max}} gün, {{sides}}).',
    legIntroOwn:
      'Bu bacağın penceresi ({{window}}), aynı uzunluktaki {{n}} pencereye göre düzeltilmiş ({{days}} gün, iki yön).',
    side: { long: 'uzun', short: 'kısa' },
    sides: { long: 'uzun yön', short: 'kısa yön', both: 'iki yön' },
    aloneConvincing: 'Tek başına denenseydi bu pencerenin üstünlüğü ikna edici olurdu (PSR {{psr}}).',
    aloneWeak: 'Tek başına denenseydi bile bu pencerenin üstünlüğü ikna edici olmazdı (PSR {{psr}}).',
    deflatedByLuck:
      'Aranan {{n}} pencere arasında en iyisinin yalnızca şansla bu kadar iyi görünmesi beklenir; bu pencerenin üstünlüğünün gerçek olma olasılığı {{dsr}}.',
    deflatedAbove:
      'Aranan {{n}} pencere arasında en iyisinin şansla {{sr0}} Sharpe oranına ulaşması beklenir, bu pencereninki {{sharpe}}; üstünlüğünün gerçek olma olasılığı {{dsr}}.',
    noSharpe: 'Getirilerinde Sharpe oranını ölçecek bir dağılım yok; bu yüzden düzeltilemez.',
    pbo: 'En iyi pencereyi yılların yarısında seçip diğer yarısında denediğimizde, seçim zamanın {{pbo}} kadarında alt yarıya düştü (PBO). %50’nin üzeri, aramanın gürültü seçtiği anlamına gelir.',
    noPbo: '{{blocks}} bloğa bölmek için yıl sayısı az: PBO yok.',
    realityCheck:
      '{{n}} pencerenin en iyisi {{symbol}} hissesinin genel eğilimini p = {{p}} ile geçiyor; tek başına denenseydi p = {{naive}} olurdu.',
    realityCheckWindow:
      'Eğilimin üzerindeki en yüksek ortalama fazla getiri: {{window}}, yılda {{excess}} (Reality Check, {{b}} yeniden örnekleme).',
    details: 'Ayrıntılar',
    numbers: 'Arkasındaki sayılar',
    trials: 'Aranan pencere (deneme)',
    sharpe: 'İşlem başına Sharpe oranı',
    expectedMax: 'Şansla beklenen en iyi Sharpe oranı (SR0)',
    variance: 'Sharpe oranlarının varyansı',
    skewness: 'Çarpıklık',
    kurtosis: 'Basıklık',
    observations: 'Yıl',
    blocks: 'Blok',
    splits: 'Bölünmeler (aşırı uyum / tümü)',
    loading: 'Arama şansa karşı sınanıyor…',
    failed: 'Şans sınaması başarısız oldu: {{message}}',
  },
};
export default tr;
