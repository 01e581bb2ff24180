import type { Messages } from '../messages';
import type en from '../en/dashboard';

// Turkish texts of the 'dashboard' namespace: the same keys as en/dashboard.ts (the type checks it).
const tr: Messages<typeof en> = {
  title: 'Gösterge paneli',
  summary: {
    title: 'Piyasa özeti',
    empty: 'Henüz piyasa verisi yok.',
    asOf: '{{date}} itibarıyla',
    marketView: 'Piyasa görünümü',
    heatmaps: 'Isı haritaları',
  },
  watchlists: {
    title: 'İzleme listeleri',
    last: 'Son',
    change: 'Değişim',
    asOf: 'Tarih',
    days_one: '{{count}} gün',
    days_other: '{{count}} gün',
    unknown: 'Bilinmeyen sembol: piyasa verisinde yok.',
    noPrices: 'Bu sembol için henüz fiyat yok.',
    noData: 'veri yok',
    error: 'hata',
  },
  upcoming: {
    title: 'Yaklaşan mevsimsel fırsatlar',
    intro: 'İzleme listenizdeki sembollerin önümüzdeki {{days}} gün içinde açılan pencereleri (kazanma oranı ≥ %60).',
    noSymbols: 'Mevsimsel pencerelerini görmek için bir izleme listesine sembol ekleyin.',
    subscribe:
      'Sembollerinizin mevsimsel pencereleri aboneliğe dahildir. Burada görmek için <anchor>abone olun</anchor>.',
    none: 'Sembolleriniz için yakında açılan güçlü bir mevsimsel pencere yok.',
    symbol: 'Sembol',
    side: 'Yön',
    window: 'Pencere',
    pattern: 'Desen',
    caption: 'Yaklaşan mevsimsel fırsatlar',
  },
  lastScan: {
    title: 'Son tarama',
    empty: 'Bir tarama çalıştırın, sembolleri burada görünür: <anchor>tarayıcıyı açın</anchor>.',
    count_one: '{{count}} sembol eşleşti',
    count_other: '{{count}} sembol eşleşti',
    open: 'Tarayıcıyı aç',
    remove: '{{symbol}} sembolünü listeden çıkar',
  },
  saved: {
    title: 'Kayıtlı taramalar',
    empty: 'Henüz kayıtlı tarama yok. <anchor>Tarayıcıda</anchor> bir tane oluşturup kaydedin.',
  },
};
export default tr;
