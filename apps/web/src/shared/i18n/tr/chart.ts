import type { Messages } from '../messages';
import type en from '../en/chart';

// Turkish texts of the 'chart' namespace: the same keys as en/chart.ts (the type checks it).
const tr: Messages<typeof en> = {
  title: 'Mevsimsellik',
  tool: {
    title: 'Mevsimsel grafik',
    description:
      'Bir sembolün seçtiğiniz yıllar boyunca takvim yılındaki ortalama seyri; isteğe bağlı olarak trendden arındırılmış, bu yıl üzerine çizilmiş ve karşılaştırma için S&P 500 ile.',
    features: {
      average: 'Ortalama yıl, trendden arındırılmış veya değil',
      thisYear: 'Bu yıl üst üste',
      benchmark: 'S&P 500 ile karşılaştırma',
    },
  },
  form: {
    label: 'Mevsimsel grafik formu',
    symbol: 'Sembol',
    from: 'Başlangıç yılı',
    to: 'Bitiş yılı',
    all: 'tümü',
    compare: 'Karşılaştır',
    comparePlaceholder: 'sembol',
    benchmark: 'Gösterge',
    submit: 'Grafiği göster',
    symbolError: 'XLP gibi bir sembol',
  },
  toggles: {
    detrended: 'Trendden arındırılmış',
    years: 'Her yıl',
    median: 'Medyan',
  },
  hint: 'Bir sembol seçin, ardından “Grafiği göster”.',
  empty: 'Bu sembolün seçilen aralıkta tamamlanmış takvim yılı yok.',
  compareError: '{{symbol}} için mevsimsel grafik yok: {{message}}',
  summary: {
    years: '{{n}} yıl kullanıldı ({{span}}). Ortalama yıl',
    detrended: ' (trendden arındırılmış)',
    benchmark: 'İkisinin de kullandığı {{n}} yılda ({{span}}) {{benchmark}} karşısında:',
    noBenchmark: '{{benchmark}} bu yılların hiçbirini içermiyor: karşılaştırma yok.',
    compare: '{{symbol}}: {{n}} yıl kullanıldı ({{span}}), ortalama yıl',
    dragHint:
      'Bir pencere seçip istatistiklerini görmek için grafiğin üzerinde sürükleyin; tekerlek ve kaydırıcı yakınlaştırır.',
  },
  chartLabel: '{{symbol}} mevsimsel grafiği',
  series: {
    average: '{{symbol}} ortalaması',
    averageYears: '{{symbol}} ortalaması ({{span}})',
    versus: '{{symbol}} / {{benchmark}} ({{span}})',
    median: '{{symbol}} medyanı',
  },
  window: {
    label: 'Seçilen pencere',
    title: 'Pencere {{start}} – {{end}}',
    openPattern: 'Örüntüde aç',
    clear: 'Seçimi temizle',
    computing: 'Pencerenin istatistikleri hesaplanıyor…',
    noYear: 'Bu sembolün geçmişinde pencerenin tamamını kapsayan yıl yok.',
  },
};
export default tr;
