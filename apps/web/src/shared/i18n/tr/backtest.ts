import type { Messages } from '../messages';
import type en from '../en/backtest';

// Turkish texts of the 'backtest' namespace: the same keys as en/backtest.ts (the type checks it).
const tr: Messages<typeof en> = {
  title: 'Mevsimsel geriye dönük test',
  tool: {
    title: 'Mevsimsel geriye dönük test',
    description:
      'En fazla 20 mevsimsel pencereyi (bacak) tek bir stratejide birleştirin; işlem maliyetleri düşüldükten sonra yıllar boyunca nasıl bir sonuç vereceğini bir karşılaştırma endeksine karşı görün.',
    features: {
      legs: 'Herhangi bir sembolde, her biri kendi penceresiyle uzun ve kısa bacaklar',
      curve: 'Karşılaştırma endeksine karşı sermaye eğrisi ve geri çekilme',
      metrics: 'Getiri, yıllık bileşik getiri, geri çekilme, Sharpe, Sortino ve tüm işlemler; CSV olarak dışa aktarma',
    },
  },
  form: {
    label: 'Geriye dönük test formu',
    legs: 'Bacaklar',
    leg: '{{n}}. bacak',
    symbol: 'Sembol',
    start: 'Giriş (AA-GG)',
    end: 'Çıkış (AA-GG)',
    mmdd: 'AA-GG',
    direction: 'Yön',
    long: 'Uzun',
    short: 'Kısa',
    addLeg: 'Bacak ekle',
    removeLeg: '{{n}}. bacağı kaldır',
    maxLegs: 'En fazla {{max}} bacak',
    from: 'Başlangıç yılı',
    to: 'Bitiş yılı',
    all: 'tümü',
    cost: 'İşlem başı maliyet (baz puan)',
    benchmark: 'Karşılaştırma endeksi',
    submit: 'Testi çalıştır',
  },
  errors: {
    noLegs: 'En az bir bacak ekleyin',
    cost: '0 ile 1000 arasında baz puan',
    sameDates: 'Çıkış tarihi girişten farklı olmalı',
    rejected: 'Sunucu bu bacakları kabul etmedi:',
  },
  hint: 'Bir veya daha fazla bacak ekleyin ya da örüntü, en iyi işlemler veya mevsimsellik tarayıcı ekranlarındaki “Teste ekle” bağlantısını kullanın.',
  empty: 'İşlem yok: seçilen yıllarda hiçbir bacağın penceresi oluşmadı.',
  result: {
    strategy: 'Strateji',
    equity: 'Sermaye',
    drawdown: 'Geri çekilme',
    equityLabel:
      'Stratejinin {{benchmark}} karşısındaki sermaye eğrisi, ikisi de 1’den başlıyor, {{first}} – {{last}} ({{benchmark}} {{benchmarkFirst}} tarihinden): strateji {{value}} ile bitiyor ({{total}}), endeks {{benchmarkTotal}}.',
    equityLabelNoBenchmark:
      'Stratejinin sermaye eğrisi, 1’den başlıyor, {{first}} – {{last}}: {{value}} ile bitiyor ({{total}}).',
    drawdownLabel: 'Stratejinin geri çekilmesi, {{first}} – {{last}}: en derin {{max}}, {{date}} tarihinde.',
    strategyOverSpan: 'Strateji, {{years}}',
    benchmarkOverSpan: '{{benchmark}}, {{years}}',
    benchmarkSpan:
      '{{benchmark}} fiyatları yalnızca {{from}} tarihinden başlıyor: strateji ile aynı yıllarda, {{years}} ({{from}} – {{to}}), karşılaştırılıyor.',
    noBenchmark: 'Piyasada karşılaştırma endeksi verisi yok.',
  },
  metrics: {
    caption: 'Strateji ve karşılaştırma endeksinin ölçütleri',
    metric: 'Ölçüt',
    totalReturn: 'Toplam getiri',
    cagr: 'Yıllık bileşik getiri',
    maxDrawdown: 'En büyük geri çekilme',
    volatility: 'Oynaklık (yıllık)',
    sharpe: 'Sharpe',
    sortino: 'Sortino',
    exposure: 'Piyasada kalma oranı',
    trades: 'İşlem sayısı',
    tradeWinRate: 'Kârlı işlem oranı',
    avgTrade: 'Ortalama işlem',
  },
  trades: {
    title: 'İşlemler',
    caption: 'Testin işlemleri, maliyetler düşülmüş',
    symbol: 'Sembol',
    window: 'Pencere',
    direction: 'Yön',
    year: 'Yıl',
    entry: 'Giriş',
    exit: 'Çıkış',
    return: 'Net getiri',
  },
  add: {
    link: 'Teste ekle',
    label: 'Teste ekle: {{symbol}} {{start}} – {{end}} ({{direction}})',
  },
};

export default tr;
