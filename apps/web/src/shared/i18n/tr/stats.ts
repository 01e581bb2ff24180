import type { Messages } from '../messages';
import type en from '../en/stats';

// Turkish texts of the 'stats' namespace: the same keys as en/stats.ts (the type checks it).
const tr: Messages<typeof en> = {
  definitions: {
    count: { label: 'Yıl', meaning: 'Pencerenin ölçülebildiği yıl sayısı (örneklem büyüklüğü).' },
    winners: { label: 'Kazanan', meaning: 'Getirisi sıfırın üzerinde olan yıllar.' },
    losers: { label: 'Kaybeden', meaning: 'Getirisi sıfırın altında olan yıllar.' },
    winRate: { label: 'Kazanma oranı', meaning: 'Getirisi sıfırın üzerinde olan yılların payı: kazanan ÷ yıl.' },
    mean: { label: 'Ortalama', meaning: 'Yıllık getirilerin ortalaması.' },
    median: {
      label: 'Medyan',
      meaning: 'Ortadaki yıllık getiri (yıl sayısı çiftse ortadaki iki getirinin ortalaması).',
    },
    stdDev: {
      label: 'Std. sapma',
      meaning: 'Yıllık getirilerin örneklem standart sapması (n − 1); yılların birbirinden ne kadar farklı olduğu.',
    },
    min: { label: 'En kötü', meaning: 'En düşük yıllık getiri.' },
    max: { label: 'En iyi', meaning: 'En yüksek yıllık getiri.' },
    avgGain: { label: 'Ort. kazanç', meaning: 'Kazanan yılların ortalama getirisi (hiç yükselen yıl yoksa yok).' },
    avgLoss: { label: 'Ort. kayıp', meaning: 'Kaybeden yılların ortalama getirisi (hiç düşen yıl yoksa yok).' },
    annualized: {
      label: 'Yıllıklandırılmış',
      meaning: 'Bir yıla ölçeklenmiş ortalama getiri: (1 + ortalama)^(365 ÷ takvim günü) − 1.',
    },
    sharpe: {
      label: 'Sharpe',
      meaning: 'Ortalama ÷ standart sapma × √(365 ÷ takvim günü): yıllıklandırılmış, birim risk başına getiri.',
    },
    calendarDays: { label: 'Takvim günü', meaning: 'Pencerenin artık olmayan bir yıldaki gün cinsinden uzunluğu.' },
    tradingDays: { label: 'İşlem günü', meaning: 'Girişten sonra, çıkış dahil, çıkışa kadarki işlem günleri.' },
    pValue: {
      label: 'p-değeri',
      meaning:
        'Pencere, bu sembolün aynı uzunluktaki herhangi bir penceresinden daha iyi olmasaydı en az bu kadar kazanan yıl görülme olasılığı (sembolün taban oranına karşı tek yönlü binom testi). 0,05’in altı genellikle anlamlı kabul edilir.',
    },
    withoutBest: {
      label: 'En iyisiz ort.',
      meaning: 'En iyi yıl çıkarıldığında ortalama getiri: örüntü tek bir şanslı yıla mı dayanıyor?',
    },
    recent: {
      label: 'Son kazanma oranı',
      meaning: 'Son beş yıldaki kazanma oranı (daha az yıl varsa o kadarı).',
    },
    return: { label: 'Getiri', meaning: 'Çıkış kapanışı ÷ giriş kapanışı − 1 (kısa pencerede işareti ters).' },
    maxRise: {
      label: 'Maks. yükseliş',
      meaning: 'Pencere içindeki en yüksek kapanışın giriş kapanışına göre değişimi.',
    },
    maxDrop: { label: 'Maks. düşüş', meaning: 'Pencere içindeki en düşük kapanışın giriş kapanışına göre değişimi.' },
    relative: {
      label: 'Gösterge farkı',
      meaning:
        'Sembolün getirisi eksi gösterge endeksinin (SPY, yoksa S&P 500) aynı tarihlerdeki getirisi; ikisinin de verisi olan yıllarda.',
    },
  },
  weakness: {
    fewYears: 'yalnızca {{count}} yıllık geçmiş ({{min}} yıldan az)',
    chance: 'kazanma oranı tesadüf olabilir (p-değeri {{pValue}}, {{max}} üzerinde)',
    withoutBest: 'en iyi yılı olmadan ortalama getiri pozitif değil',
    searched:
      'test edilen tüm pencereler arasında bu kadar iyi bir sonuç tesadüf olabilir (q-değeri {{qValue}}, {{max}} üzerinde)',
  },
  significance: {
    ok: 'Bu örüntü örneklem büyüklüğü, p-değeri ve en iyi yıl olmadan kontrollerini geçiyor.',
    weak: 'Zayıf örüntü:',
    caution: '{{reasons}}. Temkinli yaklaşın.',
  },
  panel: 'İstatistikler',
  signal: {
    column: 'Sinyal',
    Buy: 'Al',
    Sell: 'Sat',
    'No edge': 'Avantaj yok',
  },
  columns: {
    start: 'Başlangıç',
    end: 'Bitiş',
    days: 'Gün',
    check: 'Kontrol',
    weak: 'Zayıf',
    weakReasons: 'Zayıf: {{reasons}}',
    ok: 'Tamam',
  },
};
export default tr;
