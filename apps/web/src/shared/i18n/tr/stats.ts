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
    mae: {
      label: 'En kötü',
      meaning:
        'En büyük olumsuz sapma (MAE): pencere içinde kapanışın giriş kapanışına göre pozisyon sahibinin aleyhine en çok ne kadar gittiği ve bunun olduğu gün (girişten sonraki işlem günü).',
    },
    mfe: {
      label: 'En iyi',
      meaning:
        'En büyük olumlu sapma (MFE): pencere içinde kapanışın pozisyon sahibinin lehine en çok ne kadar gittiği ve bunun olduğu gün.',
    },
    riskRange: {
      label: 'Aralık',
      meaning: 'Yılın en kötü kapanışından (MAE) en iyisine (MFE); işaret çıkıştır.',
    },
    meanMae: {
      label: 'Ort. MAE',
      meaning: 'Kapanışın pozisyon sahibinin aleyhine gittiği en büyük mesafenin yıllık ortalaması.',
    },
    medianMae: { label: 'Medyan MAE', meaning: 'Yılların ortadaki MAE değeri.' },
    worstMae: { label: 'En kötü MAE', meaning: 'Bir yılın pozisyon sahibinin aleyhine en derin gidişi ve o yıl.' },
    meanMfe: {
      label: 'Ort. MFE',
      meaning: 'Kapanışın pozisyon sahibinin lehine gittiği en büyük mesafenin yıllık ortalaması.',
    },
    medianMfe: { label: 'Medyan MFE', meaning: 'Yılların ortadaki MFE değeri.' },
    returnToRisk: {
      label: 'Getiri/risk',
      meaning:
        'Ortalama getiri ÷ |ortalama MAE|: taşımanın bedeli başına getiri. Hiçbir kapanış işlemin aleyhine gitmediyse yok.',
    },
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
  risk: {
    day: '{{day}}. gün',
    dayTitle: '{{date}}, girişten {{day}} işlem günü sonra',
    noRisk: 'hiç aleyhte değil',
    noRiskHelp: 'Hiçbir yılda hiçbir kapanış işlemin aleyhine gitmedi: risk başına getiriye göre ilk sırada.',
    range: '{{year}}: en kötü {{mae}}, en iyi {{mfe}}, çıkış {{exit}}',
    worstYear: '{{mae}} ({{year}})',
  },
  rank: {
    label: 'Sıralama',
    winRate: 'Kazanma oranı',
    returnToRisk: 'Risk başına getiri',
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
